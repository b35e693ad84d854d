import type { Video, VideoState } from '@comptoir/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatVideoTime,
  initialVideoId,
  nextUnwatchedId,
  resumeTime,
  videoCardState,
  videoEvents,
  withChanges,
} from './videoRules';

const video = (position: number, state: VideoState | null = null): Video => ({
  id: `00000000-0000-4000-8000-00000000000${position}`,
  title: `Vidéo ${position}`,
  icon: null,
  link: `/videos/${position}.webm`,
  captions: null,
  durationSeconds: 12,
  position,
  state,
});
const seven = (states: Record<number, VideoState> = {}) =>
  [1, 2, 3, 4, 5, 6, 7].map((position) => video(position, states[position] ?? null));
const idOf = (position: number) => video(position).id;
const watched: VideoState = { state: 'watched', time: 12 };

describe('the video the player opens first', () => {
  it('is the one in progress, before a paused one', () => {
    const videos = seven({ 2: { state: 'paused', time: 3 }, 5: { state: 'inProgress', time: 1 } });
    expect(initialVideoId(videos)).toBe(idOf(5));
  });

  it('is a paused one when none is in progress', () => {
    expect(initialVideoId(seven({ 1: watched, 4: { state: 'paused', time: 3 } }))).toBe(idOf(4));
  });

  it('is the first when none was opened, and the first unwatched after that', () => {
    expect(initialVideoId(seven())).toBe(idOf(1));
    expect(initialVideoId(seven({ 1: watched, 2: watched }))).toBe(idOf(3));
  });

  it('is none when every video is watched: the player is empty', () => {
    expect(
      initialVideoId(
        seven({ 1: watched, 2: watched, 3: watched, 4: watched, 5: watched, 6: watched, 7: watched }),
      ),
    ).toBeNull();
  });
});

describe('finishing a video', () => {
  it('moves to the next unwatched video', () => {
    expect(nextUnwatchedId(seven({ 1: watched, 3: watched }), idOf(1))).toBe(idOf(2));
    expect(nextUnwatchedId(seven({ 2: watched, 3: watched }), idOf(2))).toBe(idOf(4));
  });

  it('goes back to the start for an unwatched video earlier in the list', () => {
    expect(nextUnwatchedId(seven({ 5: watched, 6: watched, 7: watched }), idOf(7))).toBe(idOf(1));
  });

  it('leaves none when all are watched', () => {
    const all = seven({ 1: watched, 2: watched, 3: watched, 4: watched, 5: watched, 6: watched, 7: watched });
    expect(nextUnwatchedId(all, idOf(4))).toBeNull();
  });

  it('stores watched at the end of the video', () => {
    expect(videoEvents.end(video(3))).toEqual({ videoId: idOf(3), state: 'watched', time: 12 });
  });
});

describe('playing and pausing', () => {
  it('sets the video in progress and pauses the one that was, keeping its position', () => {
    const videos = seven({ 1: { state: 'inProgress', time: 4 }, 2: watched });
    const after = withChanges(videos, [videoEvents.play(videos[2]!, 0)]);
    expect(after.map((v) => v.state)).toEqual([
      { state: 'paused', time: 4 },
      watched,
      { state: 'inProgress', time: 0 },
      null,
      null,
      null,
      null,
    ]);
  });

  it('stores the position on pause, never outside the video', () => {
    expect(videoEvents.pause(video(1), 7.456)).toEqual({ videoId: idOf(1), state: 'paused', time: 7.46 });
    expect(videoEvents.pause(video(1), 30).time).toBe(12);
    expect(videoEvents.pause(video(1), Number.NaN).time).toBe(0);
  });

  it('resumes from the stored position, and a watched video from the start', () => {
    expect(resumeTime({ state: 'paused', time: 7 })).toBe(7);
    expect(resumeTime({ state: 'inProgress', time: 2 })).toBe(2);
    expect(resumeTime(watched)).toBe(0);
    expect(resumeTime(null)).toBe(0);
  });
});

describe('the card state of the legend', () => {
  it('is reading for the video in the player, read once watched, default otherwise', () => {
    const videos = seven({ 1: watched, 2: { state: 'paused', time: 3 } });
    expect(videos.map((v) => videoCardState(v, idOf(3)))).toEqual([
      'read',
      'default',
      'reading',
      'default',
      'default',
      'default',
      'default',
    ]);
    expect(videoCardState(videos[0]!, idOf(1))).toBe('reading');
  });

  it('is paused for the video in the player once paused, reading again when it plays', () => {
    const videos = seven({ 2: { state: 'paused', time: 3 }, 3: { state: 'inProgress', time: 1 } });
    expect(videoCardState(videos[1]!, idOf(2))).toBe('paused');
    expect(videoCardState(videos[2]!, idOf(3))).toBe('reading');
  });
});

it('writes a position as minutes and seconds', () => {
  expect(formatVideoTime(7.9)).toBe('0:07');
  expect(formatVideoTime(75)).toBe('1:15');
});
