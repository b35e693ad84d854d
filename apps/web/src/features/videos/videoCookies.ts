import type { VideoStateEntry } from '@comptoir/contracts';

/**
 * The video cookies of spec 3 §9: the watched videos (kept 1000 days) and the playback positions
 * (3000 days). The server's states win: they follow the user from one browser to another and never
 * leak to the next person who signs in on a shared computer. The cookies mirror them: rewritten from
 * the server's list when the page loads and after each save, and written at once on pause and end.
 */
export const WATCHED_VIDEOS_COOKIE = 'comptoirWatchedVideos';
export const VIDEO_POSITIONS_COOKIE = 'comptoirVideoPositions';
export const WATCHED_VIDEOS_COOKIE_DAYS = 1000;
export const VIDEO_POSITIONS_COOKIE_DAYS = 3000;

const DAY_SECONDS = 86_400;

/** The two cookie values for a set of states: watched ids, and `id:seconds` of the others. */
export function videoCookieValues(states: readonly VideoStateEntry[]): {
  watched: string;
  positions: string;
} {
  return {
    watched: states
      .filter((state) => state.state === 'watched')
      .map((state) => state.videoId)
      .join(','),
    positions: states
      .filter((state) => state.state !== 'watched')
      .map((state) => `${state.videoId}:${state.time}`)
      .join(','),
  };
}

function cookie(name: string, value: string, days: number, isSecure: boolean): string {
  const secure = isSecure ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** The two `document.cookie` assignments for a set of states. */
export function videoCookies(states: readonly VideoStateEntry[], isSecure = false): string[] {
  const values = videoCookieValues(states);
  return [
    cookie(WATCHED_VIDEOS_COOKIE, values.watched, WATCHED_VIDEOS_COOKIE_DAYS, isSecure),
    cookie(VIDEO_POSITIONS_COOKIE, values.positions, VIDEO_POSITIONS_COOKIE_DAYS, isSecure),
  ];
}

export function writeVideoCookies(states: readonly VideoStateEntry[]): void {
  for (const assignment of videoCookies(states, window.location.protocol === 'https:')) {
    document.cookie = assignment;
  }
}
