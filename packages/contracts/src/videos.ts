import { z } from 'zod';
import { contentLanguage } from './menu';

/**
 * The training videos (spec 1 §2.8, §3, §4; spec 3 §4): seven short videos, each with the caller's
 * state. A state is kept per user: watched, inProgress (the one being played) or paused, with the
 * playback position in seconds.
 */
export const videoPlayState = z.enum(['watched', 'inProgress', 'paused']);
export type VideoPlayState = z.infer<typeof videoPlayState>;

/** No training video lasts an hour: a longer position is a client's mistake, not a place to resume. */
export const MAX_VIDEO_TIME_SECONDS = 3600;
/** A player may report a position a little past the duration it announced (frame rounding). */
export const VIDEO_TIME_TOLERANCE_SECONDS = 1;
/** One POST holds at most one state per video; the catalogue has seven. */
export const MAX_VIDEO_STATES_PER_POST = 20;

export const videoState = z.object({ state: videoPlayState, time: z.number() });
export type VideoState = z.infer<typeof videoState>;

export const video = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The poster image shown on the card. */
  icon: z.string().nullable(),
  /** The WebM file. */
  link: z.string(),
  /** French captions (WebVTT). */
  captions: z.string().nullable(),
  durationSeconds: z.number(),
  position: z.number().int(),
  /** The caller's state; null for a video never opened. */
  state: videoState.nullable(),
});
export type Video = z.infer<typeof video>;

/**
 * `GET /api/videos?locale=`: titles in the portal's language (issue 31, item 20), the caller's saved
 * language when absent, French for a video without a translation. The captions are French.
 */
export const videosQuery = z.object({ locale: contentLanguage.optional() });

/** `GET /api/videos`: the videos in position order, each with the caller's state. */
export const videosResponse = z.object({ videos: z.array(video) });
export type VideosResponse = z.infer<typeof videosResponse>;

export const videoStateEntry = z.object({ videoId: z.uuid(), state: videoPlayState, time: z.number() });
export type VideoStateEntry = z.infer<typeof videoStateEntry>;

export const videosErrorCode = z.enum([
  'VIDEO_NOT_FOUND',
  'INVALID_VIDEO_TIME',
  'DUPLICATE_VIDEO_STATE',
  'SEVERAL_VIDEOS_IN_PROGRESS',
]);
export type VideosErrorCode = z.infer<typeof videosErrorCode>;

/** The French messages of the codes the body's own rules give (the server's catalogue reuses them). */
export const VIDEO_STATES_ERROR_MESSAGES: Record<VideosErrorCode, string> = {
  VIDEO_NOT_FOUND: "Cette vidéo n'existe pas.",
  INVALID_VIDEO_TIME: 'La position de lecture doit être comprise entre 0 et la durée de la vidéo.',
  DUPLICATE_VIDEO_STATE: 'Une même vidéo ne peut avoir qu’un état par envoi.',
  SEVERAL_VIDEOS_IN_PROGRESS: 'Une seule vidéo peut être en cours de lecture.',
};

/** What is wrong with a body of states, before the catalogue is consulted; null when nothing. */
export function videoStatesProblem(
  entries: readonly VideoStateEntry[],
): { code: VideosErrorCode; index: number } | null {
  const seen = new Set<string>();
  let inProgress = 0;
  for (const [index, entry] of entries.entries()) {
    if (!(entry.time >= 0 && entry.time <= MAX_VIDEO_TIME_SECONDS))
      return { code: 'INVALID_VIDEO_TIME', index };
    if (seen.has(entry.videoId)) return { code: 'DUPLICATE_VIDEO_STATE', index };
    seen.add(entry.videoId);
    if (entry.state === 'inProgress' && ++inProgress > 1)
      return { code: 'SEVERAL_VIDEOS_IN_PROGRESS', index };
  }
  return null;
}

/**
 * `POST /api/videos/states` (spec 1 §7): an array of states. A broken rule answers 400 with its own
 * code (a negative or absurd time, two states for one video, two videos in progress).
 */
export const videoStatesBody = z
  .array(videoStateEntry)
  .min(1)
  .max(MAX_VIDEO_STATES_PER_POST)
  .superRefine((entries, ctx) => {
    const problem = videoStatesProblem(entries);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: [problem.index],
        message: VIDEO_STATES_ERROR_MESSAGES[problem.code],
        params: { errorCode: problem.code },
      });
    }
  });
export type VideoStatesBody = z.infer<typeof videoStatesBody>;

/** `GET` and `POST /api/videos/states`: every state the caller has, in the videos' order. */
export const videoStatesResponse = z.object({ states: z.array(videoStateEntry) });
export type VideoStatesResponse = z.infer<typeof videoStatesResponse>;

/**
 * Spec 1 §4: playing a video puts every other video in progress on pause (their position kept).
 * The states after `changes` are applied to `current`; the server stores this, the portal shows it.
 */
export function applyVideoStates(
  current: readonly VideoStateEntry[],
  changes: readonly VideoStateEntry[],
): VideoStateEntry[] {
  const changed = new Map(changes.map((entry) => [entry.videoId, entry]));
  const isPlayingOther = changes.some((entry) => entry.state === 'inProgress');
  const kept = current
    .filter((entry) => !changed.has(entry.videoId))
    .map((entry) =>
      isPlayingOther && entry.state === 'inProgress' ? { ...entry, state: 'paused' as const } : entry,
    );
  return [...kept, ...changes];
}
