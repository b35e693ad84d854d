/**
 * Calendar and Europe/Paris time without a dependency. Days are `YYYY-MM-DD` strings, instants are
 * epoch milliseconds. Paris follows the EU rule: CEST (UTC+2) from the last Sunday of March 01:00 UTC
 * to the last Sunday of October 01:00 UTC, CET (UTC+1) otherwise.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

function parseDay(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const dayMs = new Map<string, number>();

/** Midnight UTC of the day, as epoch milliseconds (a label for the calendar day, not an instant). */
export function dayToUtcMs(day: string): number {
  const cached = dayMs.get(day);
  if (cached !== undefined) return cached;
  const { y, m, d } = parseDay(day);
  const ms = Date.UTC(y, m - 1, d);
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`no such day: ${day}`);
  dayMs.set(day, ms);
  return ms;
}

export function utcMsToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return utcMsToDay(dayToUtcMs(day) + n * DAY_MS);
}

/** 0 Sunday ... 6 Saturday. */
export function dayOfWeek(day: string): number {
  return new Date(dayToUtcMs(day)).getUTCDay();
}

/** 1 ... 12. */
export function monthOf(day: string): number {
  return parseDay(day).m;
}

export function yearOf(day: string): number {
  return parseDay(day).y;
}

export function firstDayOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function lastDayOfMonth(day: string): string {
  const { y, m } = parseDay(day);
  return utcMsToDay(Date.UTC(y, m, 0));
}

export function firstDayOfYear(day: string): string {
  return `${day.slice(0, 4)}-01-01`;
}

export function lastDayOfYear(day: string): string {
  return `${day.slice(0, 4)}-12-31`;
}

/** Inclusive list of days from `first` to `last`. */
export function dayRange(first: string, last: string): string[] {
  const days: string[] = [];
  for (let ms = dayToUtcMs(first), end = dayToUtcMs(last); ms <= end; ms += DAY_MS) days.push(utcMsToDay(ms));
  return days;
}

function lastSundayUtc(year: number, month: number): number {
  const last = Date.UTC(year, month, 0);
  return last - new Date(last).getUTCDay() * DAY_MS;
}

const summerTime = new Map<number, readonly [number, number]>();

/** Offset of Europe/Paris from UTC at an instant, in minutes (60 or 120). */
export function parisOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  let bounds = summerTime.get(year);
  if (!bounds) {
    bounds = [lastSundayUtc(year, 3) + 60 * MINUTE_MS, lastSundayUtc(year, 10) + 60 * MINUTE_MS];
    summerTime.set(year, bounds);
  }
  return utcMs >= bounds[0] && utcMs < bounds[1] ? 120 : 60;
}

/**
 * The instant of a Paris wall-clock time given as minutes after midnight of `day` (may exceed 1440
 * for the small hours of the next day). A time skipped in spring moves forward by an hour; a time
 * repeated in autumn resolves to its first (summer-time) occurrence.
 */
export function parisTimeToUtcMs(day: string, minutes: number): number {
  const wallMs = dayToUtcMs(day) + Math.round(minutes * MINUTE_MS);
  const summer = wallMs - 120 * MINUTE_MS;
  if (parisOffsetMinutes(summer) === 120) return summer;
  return wallMs - 60 * MINUTE_MS;
}

/** The Paris calendar day an instant falls on. */
export function parisDayOf(utcMs: number): string {
  return utcMsToDay(utcMs + parisOffsetMinutes(utcMs) * MINUTE_MS);
}

const isoDayPrefix = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DDTHH:mm:ss.sssZ`, as `Date#toISOString` for instants after 1970, with the day part cached. */
export function toIso(utcMs: number): string {
  const dayIndex = Math.floor(utcMs / DAY_MS);
  let prefix = isoDayPrefix.get(dayIndex);
  if (prefix === undefined) {
    prefix = new Date(dayIndex * DAY_MS).toISOString().slice(0, 11);
    isoDayPrefix.set(dayIndex, prefix);
  }
  let rest = utcMs - dayIndex * DAY_MS;
  const ms = rest % 1000;
  rest = (rest - ms) / 1000;
  const sec = rest % 60;
  rest = (rest - sec) / 60;
  const min = rest % 60;
  const hour = (rest - min) / 60;
  return `${prefix}${pad2(hour)}:${pad2(min)}:${pad2(sec)}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an ISO 8601 instant with its offset (`2026-03-31T11:00:00.000Z`, `…T13:00+02:00`). */
export function parseInstant(iso: string): number {
  const ms = ISO_INSTANT.test(iso) ? Date.parse(iso) : Number.NaN;
  // Date.parse takes 30 February (as 2 March): the written day must exist.
  const day = iso.slice(0, 10);
  if (Number.isNaN(ms) || utcMsToDay(Date.parse(`${day}T12:00:00Z`)) !== day) {
    throw new RangeError(`not an ISO instant with an offset: ${iso}`);
  }
  return ms;
}

/** Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcMsToDay(Date.UTC(year, month - 1, day));
}

const holidayCache = new Map<number, Map<string, string>>();

/** French public holidays (metropolitan) of a year, day to name. */
export function frenchPublicHolidays(year: number): Map<string, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const holidays = new Map<string, string>([
    [`${year}-01-01`, 'Jour de l’an'],
    [addDays(easter, 1), 'Lundi de Pâques'],
    [`${year}-05-01`, 'Fête du Travail'],
    [`${year}-05-08`, 'Victoire 1945'],
    [addDays(easter, 39), 'Ascension'],
    [addDays(easter, 50), 'Lundi de Pentecôte'],
    [`${year}-07-14`, 'Fête nationale'],
    [`${year}-08-15`, 'Assomption'],
    [`${year}-11-01`, 'Toussaint'],
    [`${year}-11-11`, 'Armistice 1918'],
    [`${year}-12-25`, 'Noël'],
  ]);
  holidayCache.set(year, holidays);
  return holidays;
}

export function isPublicHoliday(day: string): boolean {
  return frenchPublicHolidays(yearOf(day)).has(day);
}
