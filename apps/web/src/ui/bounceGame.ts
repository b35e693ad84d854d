/**
 * The loading overlay's mini-game (spec 1 §2.5): each press kicks the ball up and counts one more
 * bounce; when the ball lands without being kicked again, the count goes back to 0.
 */
export interface BounceGame {
  count: number;
  /** Number of kicks since the overlay opened: identifies the bounce in progress. */
  kicks: number;
  isInTheAir: boolean;
}

export type BounceGameAction = { type: 'pressed' } | { type: 'landed'; kick: number };

/** Length of one bounce, shared by the CSS animation and the landing timer. */
export const BOUNCE_DURATION_MS = 900;

export const initialBounceGame: BounceGame = { count: 0, kicks: 0, isInTheAir: false };

export function bounceGameReducer(game: BounceGame, action: BounceGameAction): BounceGame {
  switch (action.type) {
    case 'pressed':
      return { count: game.count + 1, kicks: game.kicks + 1, isInTheAir: true };
    case 'landed':
      // A landing reported for a bounce that a later kick restarted: the ball is still up.
      if (action.kick !== game.kicks || !game.isInTheAir) return game;
      return { ...game, count: 0, isInTheAir: false };
  }
}
