/**
 * The simulator's own calendar: French public holidays, and fast ISO 8601 instants for the records
 * it writes by the million. Days and Paris time come from the one clock in `@comptoir/contracts`.
 */
import { addCalendarDays } from '@comptoir/contracts';

const DAY_MS = 86_400_000;

function parseDay(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

/** 1 ... 12. */
export function monthOf(day: string): number {
  return parseDay(day).m;
}

export function yearOf(day: string): number {
  return parseDay(day).y;
}

export function firstDayOfYear(day: string): string {
  return `${day.slice(0, 4)}-01-01`;
}

export function lastDayOfYear(day: string): string {
  return `${day.slice(0, 4)}-12-31`;
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
  if (Number.isNaN(ms) || new Date(Date.parse(`${day}T12:00:00Z`)).toISOString().slice(0, 10) !== day) {
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
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

const holidayCache = new Map<number, Map<string, string>>();

/** French public holidays (metropolitan) of a year, day to name. */
export function frenchPublicHolidays(year: number): Map<string, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const holidays = new Map<string, string>([
    [`${year}-01-01`, 'Jour de l’an'],
    [addCalendarDays(easter, 1), 'Lundi de Pâques'],
    [`${year}-05-01`, 'Fête du Travail'],
    [`${year}-05-08`, 'Victoire 1945'],
    [addCalendarDays(easter, 39), 'Ascension'],
    [addCalendarDays(easter, 50), 'Lundi de Pentecôte'],
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
