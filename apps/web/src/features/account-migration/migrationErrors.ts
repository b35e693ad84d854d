import type { AccountMigrationErrorCode } from '@comptoir/contracts';
import type { MessageKey } from './account-migration.i18n';
import type { MigrationFieldError } from './migrationRules';

/** Spec 2 §8: a wrong password shows invalidPassword, any other failure of step 1 the generic text. */
export function passwordStepErrorMessage(code: string | null): MessageKey {
  switch (code as AccountMigrationErrorCode | null) {
    case 'INVALID_PASSWORD':
      return 'accountMigration.invalidPassword';
    case 'TOO_MANY_ATTEMPTS':
      return 'accountMigration.tooManyAttempts';
    case 'CREDENTIALS_CHANGE_FORBIDDEN':
    case 'SUB_USER_NO_ACCESS' as AccountMigrationErrorCode:
      return 'accountMigration.forbidden';
    default:
      return 'accountMigration.genericError';
  }
}

export const FIELD_ERROR_MESSAGES: Record<MigrationFieldError, MessageKey> = {
  required: 'accountMigration.required',
  invalidEmail: 'accountMigration.invalidEmail',
  sameEmail: 'accountMigration.sameEmail',
  emailTaken: 'accountMigration.emailTaken',
  emailMismatch: 'accountMigration.emailMismatch',
  errorPassword: 'accountMigration.errorPassword',
  samePassword: 'accountMigration.samePassword',
  passwordMismatch: 'accountMigration.passwordMismatch',
};
