import { applyVideoStates, type Video, type VideoState, type VideoStateEntry } from '@comptoir/contracts';

/**
 * What a card shows (spec 3 §4): never opened or not finished, being read in the player, or read;
 * the player's video is playing or paused (spec 1 §2.8).
 */
export type VideoCardState = 'default' | 'reading' | 'paused' | 'read';

export function videoCardState(video: Video, currentId: string | null): VideoCardState {
  if (video.id === currentId) return video.state?.state === 'paused' ? 'paused' : 'reading';
  return video.state?.state === 'watched' ? 'read' : 'default';
}

const isWatched = (video: Video) => video.state?.state === 'watched';

/**
 * The video the player opens first (spec 1 §4): the one in progress, else a paused one, else the
 * first not yet watched; none when every video is watched (spec 3 §4: the player is then empty).
 */
export function initialVideoId(videos: readonly Video[]): string | null {
  return (
    videos.find((video) => video.state?.state === 'inProgress')?.id ??
    videos.find((video) => video.state?.state === 'paused')?.id ??
    videos.find((video) => !isWatched(video))?.id ??
    null
  );
}

/** After `finishedId` ends (spec 3 §4): the next unwatched video in order, from the start again if needed. */
export function nextUnwatchedId(videos: readonly Video[], finishedId: string): string | null {
  const index = videos.findIndex((video) => video.id === finishedId);
  const ordered = [...videos.slice(index + 1), ...videos.slice(0, Math.max(index, 0))];
  return ordered.find((video) => video.id !== finishedId && !isWatched(video))?.id ?? null;
}

/** Where playing starts (spec 1 §4): the stored position of a video left unfinished, else the start. */
export function resumeTime(state: VideoState | null): number {
  if (!state || state.state === 'watched') return 0;
  return state.time;
}

/** The change each player event stores (spec 1 §4); a time is never past the video's end. */
export const videoEvents = {
  play: (video: Video, time: number): VideoStateEntry => entry(video, 'inProgress', time),
  pause: (video: Video, time: number): VideoStateEntry => entry(video, 'paused', time),
  end: (video: Video): VideoStateEntry => entry(video, 'watched', video.durationSeconds),
};

function entry(video: Video, state: VideoStateEntry['state'], time: number): VideoStateEntry {
  const bounded = Number.isFinite(time) ? Math.min(Math.max(time, 0), video.durationSeconds) : 0;
  return { videoId: video.id, state, time: Math.round(bounded * 100) / 100 };
}

/** The list with states replaced by `states` (what the server answered), or changed by `changes`. */
export function withStates(videos: readonly Video[], states: readonly VideoStateEntry[]): Video[] {
  const byId = new Map(states.map((state) => [state.videoId, state]));
  return videos.map((video) => {
    const state = byId.get(video.id);
    return { ...video, state: state ? { state: state.state, time: state.time } : null };
  });
}

export function withChanges(videos: readonly Video[], changes: readonly VideoStateEntry[]): Video[] {
  return withStates(videos, applyVideoStates(statesOf(videos), changes));
}

export function statesOf(videos: readonly Video[]): VideoStateEntry[] {
  return videos.flatMap((video) => (video.state ? [{ videoId: video.id, ...video.state }] : []));
}

/** `m:ss` for a position on a card. */
export function formatVideoTime(seconds: number): string {
  const whole = Math.floor(Math.max(seconds, 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
