import { describe, expect, it } from 'vitest';
import {
  VIDEO_POSITIONS_COOKIE,
  videoCookies,
  videoCookieValues,
  WATCHED_VIDEOS_COOKIE,
} from './videoCookies';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const states = [
  { videoId: A, state: 'watched' as const, time: 12 },
  { videoId: B, state: 'paused' as const, time: 7.5 },
  { videoId: C, state: 'inProgress' as const, time: 2 },
];

describe('the video cookies', () => {
  it('list the watched videos, and the positions of the others', () => {
    expect(videoCookieValues(states)).toEqual({ watched: A, positions: `${B}:7.5,${C}:2` });
  });

  it('keep the watched list 1000 days and the positions 3000 days', () => {
    const [watched, positions] = videoCookies(states);
    expect(watched).toMatch(
      new RegExp(`^${WATCHED_VIDEOS_COOKIE}=.*; Max-Age=${1000 * 86_400}; Path=/; SameSite=Lax$`),
    );
    expect(positions).toMatch(new RegExp(`^${VIDEO_POSITIONS_COOKIE}=.*; Max-Age=${3000 * 86_400}; Path=/`));
    expect(videoCookies(states, true)[0]).toMatch(/; Secure$/);
  });

  it('are emptied when the user has no state', () => {
    expect(videoCookieValues([])).toEqual({ watched: '', positions: '' });
  });
});
