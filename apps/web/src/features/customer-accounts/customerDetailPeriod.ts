import { parisMonthBounds } from '@comptoir/contracts';

/** A calendar month, `YYYY-MM`, as the month picker gives it. */
export type Month = string;

/** What the notes call asks for (spec 3 §7): unix seconds, both ends included. */
export interface NotesPeriod {
  tsStart: number;
  tsEnd: number;
}

/** From the first second of the month to its last, Europe/Paris (spec 3 §7: tsStart, tsEnd). */
export function monthPeriod(month: Month): NotesPeriod {
  const { start, end } = parisMonthBounds(month);
  return { tsStart: start / 1000, tsEnd: end / 1000 - 1 };
}

/**
 * No month chosen (the initial state, and after a reset): every note up to now. The call needs both
 * bounds; a day of slack covers a register clock slightly ahead.
 */
export function wholePeriod(now: Date = new Date()): NotesPeriod {
  return { tsStart: 0, tsEnd: Math.floor(now.getTime() / 1000) + 86_400 };
}

export function notesPeriod(month: Month | null, now: Date = new Date()): NotesPeriod {
  return month ? monthPeriod(month) : wholePeriod(now);
}
