import { describe, expect, it } from 'vitest';
import {
  canSubmitMigration,
  canSubmitPasswordStep,
  checkNewEmailStatus,
  isValidEmail,
  meetsPasswordRules,
  migrationFormErrors,
  type MigrationFormContext,
  type MigrationFormValues,
} from './migrationRules';

const context: MigrationFormContext = {
  currentEmail: 'demo@comptoir.test',
  takenEmails: new Set(['deja.pris@bistrot-exemple.fr']),
  samePasswords: new Set(),
};

const valid: MigrationFormValues = {
  email: 'camille@bistrot-exemple.fr',
  emailRepeat: 'camille@bistrot-exemple.fr',
  password: 'Terrasse-au-soleil-7',
  passwordRepeat: 'Terrasse-au-soleil-7',
};

describe('step 1', () => {
  it('requires a non-empty password', () => {
    expect(canSubmitPasswordStep('')).toBe(false);
    expect(canSubmitPasswordStep('x')).toBe(true);
  });
});

describe('password rules (spec 1 §5, spec 2 §5)', () => {
  it.each(['Terrasse-au-soleil-7', 'Épicerie9!', 'aB3$efgh'])('accepts %s', (password) => {
    expect(meetsPasswordRules(password)).toBe(true);
  });

  it.each([
    ['seven characters', 'aB3$efg'],
    ['no uppercase', 'terrasse-7'],
    ['no lowercase', 'TERRASSE-7'],
    ['no digit', 'Terrasse-au-soleil'],
    ['no special character', 'Terrasse7'],
  ])('refuses a password with %s', (_case, password) => {
    expect(meetsPasswordRules(password)).toBe(false);
  });
});

describe('e-mail validity', () => {
  it.each(['camille@bistrot-exemple.fr', 'c.dupont+compta@groupe-dupont.co.uk'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    'camille',
    'camille@',
    'camille@bistrot',
    '@bistrot.fr',
    'ca mille@bistrot.fr',
    'a..b@bistrot.fr',
  ])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('the login-change form', () => {
  it('enables submit when the e-mail is valid and repeated and the passwords follow the rules and match', () => {
    expect(migrationFormErrors(valid, context)).toEqual({});
    expect(canSubmitMigration(valid, context)).toBe(true);
  });

  it('compares e-mails without regard to case or surrounding spaces', () => {
    const values = { ...valid, emailRepeat: ' CAMILLE@Bistrot-Exemple.fr ' };
    expect(canSubmitMigration(values, context)).toBe(true);
  });

  it.each<[string, Partial<MigrationFormValues>, Partial<Record<keyof MigrationFormValues, string>>]>([
    [
      'an empty form',
      { email: '', emailRepeat: '', password: '', passwordRepeat: '' },
      {
        email: 'required',
        emailRepeat: 'required',
        password: 'required',
        passwordRepeat: 'required',
      },
    ],
    ['an invalid e-mail', { email: 'camille@', emailRepeat: 'camille@' }, { email: 'invalidEmail' }],
    [
      'the current e-mail',
      { email: 'Demo@comptoir.test', emailRepeat: 'demo@comptoir.test' },
      { email: 'sameEmail' },
    ],
    [
      'an e-mail of another account',
      { email: 'deja.pris@bistrot-exemple.fr', emailRepeat: 'deja.pris@bistrot-exemple.fr' },
      { email: 'emailTaken' },
    ],
    [
      'a different repeated e-mail',
      { emailRepeat: 'camille@bistrot-exemple.com' },
      { emailRepeat: 'emailMismatch' },
    ],
    ['a weak password', { password: 'terrasse', passwordRepeat: 'terrasse' }, { password: 'errorPassword' }],
    [
      'a different repeated password',
      { passwordRepeat: 'Terrasse-au-soleil-8' },
      { passwordRepeat: 'passwordMismatch' },
    ],
  ])('keeps submit disabled for %s', (_case, change, expected) => {
    const values = { ...valid, ...change };
    expect(migrationFormErrors(values, context)).toEqual(expected);
    expect(canSubmitMigration(values, context)).toBe(false);
  });

  it('flags a password the server found identical to the current one', () => {
    const refused = { ...context, samePasswords: new Set([valid.password]) };
    expect(migrationFormErrors(valid, refused)).toEqual({ password: 'samePassword' });
    expect(canSubmitMigration(valid, refused)).toBe(false);
  });

  it('waits for the current e-mail before enabling submit', () => {
    expect(canSubmitMigration(valid, { ...context, currentEmail: undefined })).toBe(false);
  });
});

describe('the e-mail check page', () => {
  it('is pending while the call runs, then success or error2 from the answer', () => {
    expect(checkNewEmailStatus({ token: 'abc', isError: false, answer: undefined })).toBe('pending');
    expect(checkNewEmailStatus({ token: 'abc', isError: false, answer: { success: true } })).toBe('success');
    expect(checkNewEmailStatus({ token: 'abc', isError: false, answer: { success: false } })).toBe('expired');
  });

  it('shows error1 when the call fails and error2 without a token', () => {
    expect(checkNewEmailStatus({ token: 'abc', isError: true, answer: undefined })).toBe('failed');
    expect(checkNewEmailStatus({ token: null, isError: false, answer: undefined })).toBe('expired');
  });
});
