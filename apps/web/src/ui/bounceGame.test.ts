import { describe, expect, it } from 'vitest';
import { bounceGameReducer, initialBounceGame, type BounceGame, type BounceGameAction } from './bounceGame';

const play = (...actions: BounceGameAction[]): BounceGame =>
  actions.reduce(bounceGameReducer, initialBounceGame);

describe('loading overlay mini-game', () => {
  it('starts at 0 with the ball on the ground', () => {
    expect(initialBounceGame).toEqual({ count: 0, kicks: 0, isInTheAir: false });
  });

  it('counts every press and sends the ball up', () => {
    const game = play({ type: 'pressed' }, { type: 'pressed' }, { type: 'pressed' });
    expect(game.count).toBe(3);
    expect(game.isInTheAir).toBe(true);
  });

  it('goes back to 0 when the ball lands again', () => {
    const game = play({ type: 'pressed' }, { type: 'pressed' }, { type: 'landed', kick: 2 });
    expect(game).toMatchObject({ count: 0, isInTheAir: false });
  });

  it('keeps counting when the ball is kicked again before it lands', () => {
    const game = play(
      { type: 'pressed' },
      { type: 'landed', kick: 0 },
      { type: 'pressed' },
      { type: 'landed', kick: 1 },
    );
    expect(game).toEqual({ count: 2, kicks: 2, isInTheAir: true });
  });

  it('starts a new series after a landing', () => {
    const game = play({ type: 'pressed' }, { type: 'landed', kick: 1 }, { type: 'pressed' });
    expect(game).toMatchObject({ count: 1, isInTheAir: true });
  });

  it('ignores a landing while the ball is already on the ground', () => {
    const landed = play({ type: 'pressed' }, { type: 'landed', kick: 1 });
    expect(bounceGameReducer(landed, { type: 'landed', kick: 1 })).toBe(landed);
  });
});
