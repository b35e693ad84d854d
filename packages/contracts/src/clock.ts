/**
 * One clock for the server, the portal and the simulator: calendar days (`YYYY-MM-DD`, no zone),
 * Europe/Paris wall time ⇄ instants, the business day, month and week bounds, and the date formats,
 * each named by what it writes.
 *
 * Paris time is computed from the EU rule (in force since 1996), not read from the host's zone
 * data, so that a server, a browser in another zone and the simulator always agree: CEST (UTC+2)
 * from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC, CET (UTC+1)
 * otherwise. A wall time skipped in spring (02:00–02:59) moves forward an hour; a wall time lived
 * twice in autumn (02:00–02:59) is its first, summer-time, occurrence.
 */

export const PARIS_TIME_ZONE = 'Europe/Paris';

/** An instant: a Date, epoch milliseconds, or an ISO 8601 text with its offset. */
export type Instant = Date | number | string;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function instantMs(at: Instant): number {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid date: ${String(at)}`);
  return ms;
}

// ---------------------------------------------------------------------------------------------
// Calendar days, `YYYY-MM-DD`: no time zone involved.

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for an existing calendar day written `YYYY-MM-DD`. There is no year 0 (1 BC is followed by
 * AD 1), and PostgreSQL refuses it: `0000-…` is not a day.
 */
export function isCalendarDay(text: string | null | undefined): text is string {
  const match = text ? CALENDAR_DAY.exec(text) : null;
  if (!match || match[1] === '0000') return false;
  // setUTCFullYear, not Date.UTC: that one reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toISOString().slice(0, 10) === text;
}

const dayIndexes = new Map<string, number>();
const daysByIndex = new Map<number, string>();

/** Days since 1970-01-01 of a calendar day (negative before). Throws on a text that is not a day. */
export function dayIndex(day: string): number {
  let index = dayIndexes.get(day);
  if (index === undefined) {
    const ms = Date.parse(`${day}T00:00:00Z`);
    // Date.parse takes 30 February (as 2 March): the day written must come back.
    if (!CALENDAR_DAY.test(day) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
      throw new RangeError(`Calendar day YYYY-MM-DD expected, got ${day}`);
    }
    index = ms / DAY_MS;
    if (dayIndexes.size > 100_000) dayIndexes.clear();
    dayIndexes.set(day, index);
  }
  return index;
}

/** The calendar day of a day index (see `dayIndex`). */
export function dayOfIndex(index: number): string {
  let day = daysByIndex.get(index);
  if (day === undefined) {
    day = new Date(index * DAY_MS).toISOString().slice(0, 10);
    if (daysByIndex.size > 100_000) daysByIndex.clear();
    daysByIndex.set(index, day);
  }
  return day;
}

/** A calendar day moved by whole days. */
export function addCalendarDays(day: string, days: number): string {
  return dayOfIndex(dayIndex(day) + days);
}

/** Days from `first` to `last`, both included (0 or less when `last` is before `first`). */
export function countDays(first: string, last: string): number {
  return dayIndex(last) - dayIndex(first) + 1;
}

/** Every day from `first` to `last`, both included. */
export function daysFromTo(first: string, last: string): string[] {
  const days: string[] = [];
  for (let index = dayIndex(first), end = dayIndex(last); index <= end; index++) days.push(dayOfIndex(index));
  return days;
}

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(day: string): number {
  return (((dayIndex(day) + 4) % 7) + 7) % 7;
}

/** The Monday of the (ISO, Monday-first) week of `day`. */
export function weekStart(day: string): string {
  return addCalendarDays(day, -((dayOfWeek(day) + 6) % 7));
}

/** The first day of the calendar month of `day` (`YYYY-MM-01`). */
export const calendarMonthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** The last day of the calendar month of `day`. */
export function calendarMonthEnd(day: string): string {
  return addCalendarDays(`${addCalendarDays(calendarMonthStart(day), 31).slice(0, 7)}-01`, -1);
}

/** The same calendar day `months` later (or earlier), or the month's last: 31 March - 1 is 28 February. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  const moved = new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastOfMonth)));
  return moved.toISOString().slice(0, 10);
}

/** The same calendar day `years` later (or earlier); 29 February gives 28 February. */
export const addYears = (day: string, years: number): string => addMonths(day, 12 * years);

// ---------------------------------------------------------------------------------------------
// Paris wall time ⇄ instants.

const summerTime = new Map<number, readonly [number, number]>();

function lastSundayUtcMs(year: number, month: number): number {
  const last = Date.UTC(year, month, 0);
  return last - new Date(last).getUTCDay() * DAY_MS;
}

/** Minutes Paris is ahead of UTC at an instant: 60 in winter, 120 in summer. */
export function parisOffsetMinutes(at: Instant): number {
  const ms = instantMs(at);
  const year = new Date(ms).getUTCFullYear();
  let bounds = summerTime.get(year);
  if (!bounds) {
    bounds = [lastSundayUtcMs(year, 3) + 60 * MINUTE_MS, lastSundayUtcMs(year, 10) + 60 * MINUTE_MS];
    summerTime.set(year, bounds);
  }
  return ms >= bounds[0] && ms < bounds[1] ? 120 : 60;
}

/** The Paris calendar day an instant falls on. */
export function parisDayOf(at: Instant): string {
  const ms = instantMs(at);
  return dayOfIndex(Math.floor((ms + parisOffsetMinutes(ms) * MINUTE_MS) / DAY_MS));
}

/** Today's calendar day in Paris, whatever the host's time zone. */
export function parisToday(now: Date = new Date()): string {
  return parisDayOf(now);
}

/** What a Paris clock and calendar show at an instant. */
export interface ParisWallTime {
  /** `YYYY-MM-DD`. */
  day: string;
  year: number;
  /** 1 … 12. */
  month: number;
  /** 1 … 31. */
  dayOfMonth: number;
  /** 0 … 23. */
  hour: number;
  minute: number;
  second: number;
}

export function parisWallTime(at: Instant): ParisWallTime {
  const wall = parisWallClock(at);
  return {
    day: dayOfIndex(Math.floor(wall.getTime() / DAY_MS)),
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    dayOfMonth: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * A Date whose UTC fields are the Paris wall clock of `at`: for places without a time zone
 * (spreadsheet cells) where a reader expects the time the till showed.
 */
export function parisWallClock(at: Instant): Date {
  const ms = instantMs(at);
  return new Date(ms + parisOffsetMinutes(ms) * MINUTE_MS);
}

/**
 * The instant (epoch ms) of a Paris wall time given as minutes after midnight of `day` (beyond 1440
 * for the small hours of the next day). Skipped in spring: an hour later; lived twice in autumn:
 * the first time.
 */
export function parisTimeToUtcMs(day: string, minutes: number): number {
  const wallMs = dayIndex(day) * DAY_MS + Math.round(minutes * MINUTE_MS);
  const summer = wallMs - 120 * MINUTE_MS;
  if (parisOffsetMinutes(summer) === 120) return summer;
  return wallMs - 60 * MINUTE_MS;
}

const CALENDAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The instants (epoch ms) a Paris calendar month `YYYY-MM` runs between: its first midnight, and the
 * next month's (excluded).
 */
export function parisMonthBounds(month: string): { start: number; end: number } {
  if (!CALENDAR_MONTH.test(month)) throw new RangeError(`Month YYYY-MM expected, got ${month}`);
  const first = `${month}-01`;
  return {
    start: parisTimeToUtcMs(first, 0),
    end: parisTimeToUtcMs(addCalendarDays(calendarMonthEnd(first), 1), 0),
  };
}

const PARIS_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant of `YYYY-MM-DD HH:mm[:ss]` read in Paris; null when it is not such a time. */
export function parseParisDateTime(value: string): Date | null {
  const match = PARIS_DATE_TIME.exec(value);
  if (!match) return null;
  const [, day, hour, minute, second] = match as unknown as [string, string, string, string, string?];
  const h = Number(hour);
  const m = Number(minute);
  const s = Number(second ?? 0);
  if (!isCalendarDay(day) || h > 23 || m > 59 || s > 59) return null;
  return new Date(parisTimeToUtcMs(day, h * 60 + m) + s * 1000);
}

// ---------------------------------------------------------------------------------------------
// The business day.

/**
 * The business day: the registers' day, D from D 06:00 to D+1 06:00 Paris time, so that a bar's
 * night belongs to its evening. The server closes a day when it ends, dates what it records itself
 * (a payment entered in the back office) on it, and counts a dispenser's pours in it (ware
 * analysis). The reports' own start hour is the user's setting (report settings), read with the
 * same functions.
 */
export const BUSINESS_DAY_START_HOUR = 6;

/** The business day an instant belongs to, for a day that starts at `startHour` (Paris). */
export function businessDayOf(at: Instant, startHour: number = BUSINESS_DAY_START_HOUR): string {
  const wall = parisWallTime(at);
  return wall.hour < startHour ? addCalendarDays(wall.day, -1) : wall.day;
}

/** When business day `day` begins. */
export function businessDayStart(day: string, startHour: number = BUSINESS_DAY_START_HOUR): Date {
  return new Date(parisTimeToUtcMs(day, startHour * 60));
}

/** When business day `day` ends: the next one's start. */
export function businessDayEnd(day: string, startHour: number = BUSINESS_DAY_START_HOUR): Date {
  return businessDayStart(addCalendarDays(day, 1), startHour);
}

// ---------------------------------------------------------------------------------------------
// Formats, each named by what it writes (Paris time for instants).

/** The formats instants are written in; each screen or document takes its area's (see the spec). */
export type ParisFormat =
  | 'DD/MM/YYYY'
  | 'DD/MM/YYYY HH:mm'
  | 'DD/MM/YYYY HH:mm:ss'
  | 'DD/MM/YYYY à HH:mm'
  | 'DD-MM-YYYY H:mm:ss'
  | 'YYYY-MM-DD HH:mm:ss'
  | 'YYYY-MM-DDTHH:mm'
  | 'HH:mm';

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** An instant written in Paris time in the format named. */
export function formatParis(at: Instant, format: ParisFormat): string {
  const w = parisWallTime(at);
  const date = `${two(w.dayOfMonth)}/${two(w.month)}/${w.year}`;
  const hhmm = `${two(w.hour)}:${two(w.minute)}`;
  switch (format) {
    case 'DD/MM/YYYY':
      return date;
    case 'DD/MM/YYYY HH:mm':
      return `${date} ${hhmm}`;
    case 'DD/MM/YYYY HH:mm:ss':
      return `${date} ${hhmm}:${two(w.second)}`;
    case 'DD/MM/YYYY à HH:mm':
      return `${date} à ${hhmm}`;
    case 'DD-MM-YYYY H:mm:ss':
      return `${two(w.dayOfMonth)}-${two(w.month)}-${w.year} ${w.hour}:${two(w.minute)}:${two(w.second)}`;
    case 'YYYY-MM-DD HH:mm:ss':
      return `${w.day} ${hhmm}:${two(w.second)}`;
    case 'YYYY-MM-DDTHH:mm':
      return `${w.day}T${hhmm}`;
    case 'HH:mm':
      return hhmm;
  }
}

/** A calendar (or business) day, already a Paris date, as `DD/MM/YYYY`: no zone conversion. */
export function formatBusinessDay(businessDay: string): string {
  const match = CALENDAR_DAY.exec(businessDay);
  if (!match) throw new RangeError(`Business day YYYY-MM-DD expected, got ${businessDay}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}
