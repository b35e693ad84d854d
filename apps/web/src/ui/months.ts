/** A calendar month, `YYYY-MM`. */
export type CalendarMonth = string;

export function isCalendarMonth(text: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  return !!match && Number(match[1]) >= 1 && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** The month `delta` months away: `shiftMonth('2026-01', -1)` is `2025-12`. */
export function shiftMonth(month: CalendarMonth, delta: number): CalendarMonth {
  if (!isCalendarMonth(month)) throw new RangeError(`Month YYYY-MM expected, got ${month}`);
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The current month in Paris. */
export function parisMonth(now: Date = new Date()): CalendarMonth {
  return parisToday(now).slice(0, 7);
}
import { parisToday } from '@comptoir/contracts';
