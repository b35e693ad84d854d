import { isEmailAddress, isStrongPassword } from '@comptoir/contracts';

/** Spec 2 §5: the rules of the login-change screens, as the server applies them (packages/contracts). */

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The sign-in form's and the server's e-mail rule: a login it refuses is useless. */
export const isValidEmail = isEmailAddress;

/** At least 8 characters with 1 uppercase, 1 lowercase, 1 digit and 1 non-alphanumeric character. */
export const meetsPasswordRules = isStrongPassword;

/** Step 1 requires a non-empty password. */
export function canSubmitPasswordStep(password: string): boolean {
  return password.length > 0;
}

export interface MigrationFormValues {
  email: string;
  emailRepeat: string;
  password: string;
  passwordRepeat: string;
}

export type MigrationField = keyof MigrationFormValues;

export type MigrationFieldError =
  | 'required'
  | 'invalidEmail'
  | 'sameEmail'
  | 'emailTaken'
  | 'emailMismatch'
  | 'errorPassword'
  | 'samePassword'
  | 'passwordMismatch';

/** What the form knows besides its fields: the account's e-mail and the server's refusals so far. */
export interface MigrationFormContext {
  currentEmail: string | undefined;
  /** Normalised e-mails known to belong to an account (live check or EMAIL_TAKEN). */
  takenEmails: ReadonlySet<string>;
  /** Passwords known to be the current one: step 1's, and those the server refused (SAME_PASSWORD). */
  samePasswords: ReadonlySet<string>;
}

export type MigrationFormErrors = Partial<Record<MigrationField, MigrationFieldError>>;

/** Every field's first broken rule, in the order spec 2 §5 lists them. */
export function migrationFormErrors(
  values: MigrationFormValues,
  context: MigrationFormContext,
): MigrationFormErrors {
  const errors: MigrationFormErrors = {};
  const email = normaliseEmail(values.email);
  if (email === '') errors.email = 'required';
  else if (!isValidEmail(email)) errors.email = 'invalidEmail';
  else if (context.currentEmail !== undefined && email === normaliseEmail(context.currentEmail)) {
    errors.email = 'sameEmail';
  } else if (context.takenEmails.has(email)) errors.email = 'emailTaken';

  if (values.emailRepeat.trim() === '') errors.emailRepeat = 'required';
  else if (normaliseEmail(values.emailRepeat) !== email) errors.emailRepeat = 'emailMismatch';

  if (values.password === '') errors.password = 'required';
  else if (!meetsPasswordRules(values.password)) errors.password = 'errorPassword';
  else if (context.samePasswords.has(values.password)) errors.password = 'samePassword';

  if (values.passwordRepeat === '') errors.passwordRepeat = 'required';
  else if (values.passwordRepeat !== values.password) errors.passwordRepeat = 'passwordMismatch';
  return errors;
}

/**
 * Submit is enabled only when the e-mail is valid and equals its repeat, and the passwords are
 * non-empty, follow the rules and match (spec 2 §4, §5).
 */
export function canSubmitMigration(values: MigrationFormValues, context: MigrationFormContext): boolean {
  return context.currentEmail !== undefined && Object.keys(migrationFormErrors(values, context)).length === 0;
}

/** Spec 2 §9: after a successful e-mail check, the home page follows after 5 000 ms. */
export const CHECK_SUCCESS_REDIRECT_MS = 5000;

/** pending, then success; `failed` is the call's failure (error1), `expired` a link refused (error2). */
export type CheckNewEmailStatus = 'pending' | 'success' | 'failed' | 'expired';

export function checkNewEmailStatus(call: {
  token: string | null;
  isError: boolean;
  answer: { success: boolean } | undefined;
}): CheckNewEmailStatus {
  if (!call.token) return 'expired';
  if (call.isError) return 'failed';
  if (call.answer === undefined) return 'pending';
  return call.answer.success ? 'success' : 'expired';
}
