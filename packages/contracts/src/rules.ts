import { z } from 'zod';

/**
 * The input rules the server enforces and the portal and the server-rendered pages check before
 * sending, written once here.
 */

/** Spec 2 §5: at least 8 characters with an uppercase, a lowercase, a digit and a non-alphanumeric character. */
export const PASSWORD_RULE = {
  minLength: 8,
  /** Each must match somewhere in the password; Unicode classes, so « É » is an uppercase letter. */
  classes: [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{N}]/u],
  /** Shown under the field before anything is typed. */
  hint: 'Au moins 8 caractères, dont 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
  /** Shown when a password breaks the rule (the spec's errorPassword, WEAK_PASSWORD). */
  message:
    'Le mot de passe doit contenir au moins 8 caractères dont 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
} as const;

export function isStrongPassword(password: string): boolean {
  return (
    [...password].length >= PASSWORD_RULE.minLength &&
    PASSWORD_RULE.classes.every((characterClass) => characterClass.test(password))
  );
}

/** zod's e-mail pattern: the one every `emailAddress` field of the API applies. */
export const EMAIL_PATTERN: RegExp = z.regexes.email;
export const EMAIL_MAX_LENGTH = 254;

export const emailAddress = z.email({ pattern: EMAIL_PATTERN }).max(EMAIL_MAX_LENGTH);

/** What the API takes as an e-mail address, surrounding spaces aside. */
export function isEmailAddress(text: string): boolean {
  return emailAddress.safeParse(text.trim()).success;
}

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

/** A calendar day `YYYY-MM-DD` moved by whole days, with no time-zone arithmetic. */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Calendar day YYYY-MM-DD expected, got ${day}`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Spec 3 §9: reports and exports open on the last 7 days ending today, today the seventh. The one
 * default period of every page that has one (a page of another area says its own, as spec 1 §5).
 */
export function lastSevenDays(today: string): { start: string; end: string } {
  return { start: addCalendarDays(today, -6), end: today };
}

/** A business day (`YYYY-MM-DD`, already a Paris date) as `DD/MM/YYYY`, with no zone conversion. */
export function formatBusinessDay(businessDay: string): string {
  const match = CALENDAR_DAY.exec(businessDay);
  if (!match) throw new RangeError(`Business day YYYY-MM-DD expected, got ${businessDay}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** A VAT rate in basis points as French labels write it: 1000 → `10 %`, 550 → `5,5 %`. */
export const vatRateLabel = (bp: number): string => `${String(bp / 100).replace('.', ',')} %`;

/** The first day of the calendar month of `day` (`YYYY-MM-01`). */
export const calendarMonthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** The last day of the calendar month of `day`. */
export function calendarMonthEnd(day: string): string {
  return addCalendarDays(`${addCalendarDays(calendarMonthStart(day), 31).slice(0, 7)}-01`, -1);
}

/** The same calendar day `years` later (or earlier); 29 February gives 28 February. */
export function addYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  const moved = new Date(Date.UTC(year + years, month - 1, Math.min(date, lastOfMonth)));
  return moved.toISOString().slice(0, 10);
}
