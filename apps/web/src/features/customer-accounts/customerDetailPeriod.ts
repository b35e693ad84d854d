import { parisParts } from '../../ui/dates';

/** A calendar month, `YYYY-MM`, as the month picker gives it. */
export type Month = string;

/** What the notes call asks for (spec 3 §7): unix seconds, both ends included. */
export interface NotesPeriod {
  tsStart: number;
  tsEnd: number;
}

/** Milliseconds Paris is ahead of UTC at this instant (3 600 000 in winter, 7 200 000 in summer). */
function parisOffsetMs(instant: number): number {
  const parts = parisParts(instant);
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Unix seconds of midnight, Paris time, on the first day of a month (never inside a clock change). */
function parisMonthStart(year: number, monthIndex: number): number {
  const asUtc = Date.UTC(year, monthIndex, 1);
  const firstGuess = asUtc - parisOffsetMs(asUtc);
  return (asUtc - parisOffsetMs(firstGuess)) / 1000;
}

function readMonth(month: Month): { year: number; monthIndex: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const monthIndex = match ? Number(match[2]) - 1 : -1;
  if (!match || monthIndex < 0 || monthIndex > 11)
    throw new RangeError(`Month YYYY-MM expected, got ${month}`);
  return { year: Number(match[1]), monthIndex };
}

/** From the first second of the month to its last, Europe/Paris (spec 3 §7: tsStart, tsEnd). */
export function monthPeriod(month: Month): NotesPeriod {
  const { year, monthIndex } = readMonth(month);
  return {
    tsStart: parisMonthStart(year, monthIndex),
    tsEnd: parisMonthStart(year, monthIndex + 1) - 1,
  };
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
