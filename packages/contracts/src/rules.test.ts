import { describe, expect, it } from 'vitest';
import {
  cashMovementKind,
  addCalendarDays,
  lastSevenDays,
  calendarMonthEnd,
  calendarMonthStart,
  addYears,
  EMAIL_PATTERN,
  isCalendarDay,
  isEmailAddress,
  isStrongPassword,
  loginRequest,
  PASSWORD_RULE,
} from './index';

describe('isStrongPassword', () => {
  it('accepts 8 characters with an uppercase, a lowercase, a digit and a special character', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('demo-Comptoir-2026')).toBe(true);
  });

  it('takes accented and non-Latin letters as letters of their case', () => {
    expect(isStrongPassword('Élégant-2026')).toBe(true);
    expect(isStrongPassword('ÉTÉ-été-2026')).toBe(true);
    expect(isStrongPassword('Ωmega ω 42')).toBe(true);
  });

  it('counts characters, not UTF-16 units: 7 characters are too few even with an emoji', () => {
    expect(isStrongPassword('Ab1!😀xy')).toBe(false);
    expect(isStrongPassword('Ab1!😀xyz')).toBe(true);
  });

  it.each([
    ['too short', 'Abcde1!'],
    ['no uppercase', 'abcdef1!'],
    ['no lowercase', 'ABCDEF1!'],
    ['no digit', 'Abcdefg!'],
    ['no special character', 'Abcdefg1'],
    ['only accented letters as specials', 'Abcdéfg1'],
    ['empty', ''],
  ])('refuses a password with %s', (_reason, password) => {
    expect(isStrongPassword(password)).toBe(false);
  });

  it("states the spec's rule in French with its minimum length", () => {
    expect(PASSWORD_RULE.minLength).toBe(8);
    expect(PASSWORD_RULE.message).toBe(
      'Le mot de passe doit contenir au moins 8 caractères dont 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
    );
  });
});

describe('isEmailAddress', () => {
  it.each([
    'camille.dupont@brasserie-dupont.fr',
    'compta+fisc@cabinet.example',
    "o'neil@pub.ie",
    '  gerant@le-zinc.fr  ',
  ])('accepts %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it.each([
    '',
    'gerant@le-zinc',
    'gerant le-zinc.fr',
    'gerant@@le-zinc.fr',
    '.gerant@le-zinc.fr',
    'gerant.@le-zinc.fr',
    'ger..ant@le-zinc.fr',
    'gérant@le-zinc.fr',
    'gerant@le_zinc.fr',
  ])('refuses %j', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });

  it('refuses an address longer than 254 characters', () => {
    expect(isEmailAddress(`${'a'.repeat(64)}@${'b'.repeat(186)}.fr`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(64)}@${'b'.repeat(187)}.fr`)).toBe(false);
  });

  it('is the rule the sign-in request applies', () => {
    expect(EMAIL_PATTERN.test('gerant@le-zinc.fr')).toBe(true);
    expect(loginRequest.safeParse({ email: 'gerant@le-zinc', password: 'x' }).success).toBe(false);
    expect(loginRequest.safeParse({ email: 'gerant@le-zinc.fr', password: 'x' }).success).toBe(true);
  });
});

describe('calendar days', () => {
  it.each(['2026-01-31', '2024-02-29', '2000-01-01', '0001-01-01', '0099-12-31'])(
    'accepts the existing day %s',
    (day) => {
      expect(isCalendarDay(day)).toBe(true);
    },
  );

  it.each([
    '2025-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-1-5',
    '05/01/2026',
    '2026-01-05T00:00:00Z',
    '0000-01-01',
    '',
    null,
    undefined,
  ])('refuses %j', (day) => {
    expect(isCalendarDay(day)).toBe(false);
  });

  it('moves a day across months and years without time zones', () => {
    expect(addCalendarDays('2026-03-28', 3)).toBe('2026-03-31');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(() => addCalendarDays('demain', 1)).toThrow(RangeError);
  });

  it('opens reports and exports on the last 7 days ending today (spec 3 §9), across a month', () => {
    expect(lastSevenDays('2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(lastSevenDays('2026-03-02')).toEqual({ start: '2026-02-24', end: '2026-03-02' });
    expect(calendarMonthStart('2026-11-26')).toBe('2026-11-01');
    expect(calendarMonthEnd('2026-11-26')).toBe('2026-11-30');
    expect(calendarMonthEnd('2024-02-01')).toBe('2024-02-29');
    expect(calendarMonthEnd('2025-12-31')).toBe('2025-12-31');
  });

  it('moves a day by years, 29 February giving 28 February', () => {
    expect(addYears('2025-03-13', 1)).toBe('2026-03-13');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', -4)).toBe('2020-02-29');
  });
});

describe('cashMovementKind', () => {
  it('tells a deposit to the bank from a petty-cash expense, and takes any way in as cash brought in', () => {
    expect(cashMovementKind(-30000, 'Remise en banque')).toBe('deposit');
    expect(cashMovementKind(-30000, 'Dépôt banque du soir')).toBe('deposit');
    expect(cashMovementKind(-450, 'Dépense : Achat de citrons')).toBe('expense');
    expect(cashMovementKind(10000, 'Apport de monnaie')).toBe('cashIn');
  });
});
