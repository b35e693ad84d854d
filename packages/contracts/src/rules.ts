import { z } from 'zod';
import { addCalendarDays } from './clock';

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

/**
 * Spec 3 §9: reports and exports open on the last 7 days ending today, today the seventh. The one
 * default period of every page that has one (a page of another area says its own, as spec 1 §5).
 */
export function lastSevenDays(today: string): { start: string; end: string } {
  return { start: addCalendarDays(today, -6), end: today };
}

/** A VAT rate in basis points as French labels write it: 1000 → `10 %`, 550 → `5,5 %`. */
export const vatRateLabel = (bp: number): string => `${String(bp / 100).replace('.', ',')} %`;
