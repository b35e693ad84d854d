/**
 * The help video of the top bar (spec 1 §2.4). Changing the id makes the modal open again for every
 * user: give a new video a new id and regenerate it with `apps/web/scripts/make-help-video.sh <id>`.
 */
export const HELP_VIDEO_ID = 'tour-2026-1';

/** Local storage key holding the id of the last help video the user closed. */
export const HELP_VIDEO_SEEN_KEY = 'helpVideoSeen';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

export function helpVideoSources(videoId: string, baseUrl = '/') {
  return {
    video: `${baseUrl}videos/help-${videoId}.webm`,
    frenchCaptions: `${baseUrl}videos/help-${videoId}.fr.vtt`,
  };
}

/** True on the first visit and whenever the video changed since the user last closed it. */
export function shouldOpenHelpVideo(storage: ReadableStorage, videoId = HELP_VIDEO_ID): boolean {
  try {
    return storage.getItem(HELP_VIDEO_SEEN_KEY) !== videoId;
  } catch {
    // Storage refused (privacy settings): showing the video on every visit would be a nuisance.
    return false;
  }
}

export function markHelpVideoSeen(storage: WritableStorage, videoId = HELP_VIDEO_ID): void {
  try {
    storage.setItem(HELP_VIDEO_SEEN_KEY, videoId);
  } catch {
    // Nothing to do: the modal will simply not remember it.
  }
}
