import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Account migration (spec 2 §2, §4, §5, §7): the holder of a legacy login confirms the current
 * password, chooses an e-mail and a password, and the change applies when the link mailed to the new
 * address is opened. Also the change-password page of the authentication service (`/auth/password`).
 */

const password = z.string().min(1).max(200);
const refreshToken = z.string().min(1).max(200);

/** `POST /api/account/migration/password/verify`: step 1, the current password. */
export const migrationPasswordVerifyRequest = z.object({ password, refreshToken });
export type MigrationPasswordVerifyRequest = z.infer<typeof migrationPasswordVerifyRequest>;

/** The check token opens step 2 until `expiresAt` (15 minutes). */
export const migrationPasswordVerifyResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  expiresAt: isoDateTime,
});
export type MigrationPasswordVerifyResponse = z.infer<typeof migrationPasswordVerifyResponse>;

const checkToken = z.string().min(1).max(200);

/**
 * `GET /api/account/migration/email/exist?email=`: whether an account already signs in with it. Step 2
 * only: the `x-check-token` header carries step 1's live check token of the caller's session (403
 * INVALID_CHECK_TOKEN otherwise); at most MIGRATION_EMAIL_PROBES_PER_WINDOW calls per user in
 * MIGRATION_EMAIL_PROBE_WINDOW (429 TOO_MANY_REQUESTS).
 */
export const migrationEmailExistQuery = z.object({ email: z.string().trim().min(1).max(254) });
// Loose: the other headers (authorization...) stay as sent. Absent: 403 INVALID_CHECK_TOKEN, as a stale one.
export const migrationEmailExistHeaders = z.looseObject({ 'x-check-token': checkToken.optional() });
export type MigrationEmailExistHeaders = z.infer<typeof migrationEmailExistHeaders>;
export const migrationEmailExistResponse = z.boolean();
export const MIGRATION_EMAIL_PROBES_PER_WINDOW = 20;
/** A check token's life: a user may probe MIGRATION_EMAIL_PROBES_PER_WINDOW addresses per check. */
export const MIGRATION_EMAIL_PROBE_WINDOW = '15 minutes';

/** `POST /api/account/migration/email/update`: step 2; `password` is the new password. */
export const migrationEmailUpdateRequest = z.object({
  password,
  email: z.string().trim().max(254),
  oldEmail: z.string().trim().max(254),
  refreshToken,
  checkToken,
});
export type MigrationEmailUpdateRequest = z.infer<typeof migrationEmailUpdateRequest>;

/** The verification link went to `email`; nothing changes until it is opened before `expiresAt`. */
export const migrationEmailUpdateResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  expiresAt: isoDateTime,
});
export type MigrationEmailUpdateResponse = z.infer<typeof migrationEmailUpdateResponse>;

/** `POST /api/account/migration/email/verify`: the `verificationToken` of the mailed link. */
export const migrationEmailVerifyRequest = z.object({ token: z.string().min(1).max(200) });
export type MigrationEmailVerifyRequest = z.infer<typeof migrationEmailVerifyRequest>;

/** `success: false`: the link is unknown, expired, replaced by a later request, or already used. */
export const migrationEmailVerifyResponse = z.object({ success: z.boolean() });
export type MigrationEmailVerifyResponse = z.infer<typeof migrationEmailVerifyResponse>;

/** `POST /auth/password`: the change-password page (Bearer access token). */
export const passwordChangeRequest = z.object({ currentPassword: password, newPassword: password });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
export const passwordChangeResponse = z.object({ success: z.literal(true) });

/** Every refusal of the account-migration and change-password calls. */
export const accountMigrationErrorCode = z.enum([
  /** Sub-users, view-as-customer and fiscal sessions may not change credentials (403). */
  'CREDENTIALS_CHANGE_FORBIDDEN',
  /** The refresh token sent is not one of the caller's session (403). */
  'SESSION_MISMATCH',
  'INVALID_PASSWORD',
  /** Too many wrong current passwords in 15 minutes (429). */
  'TOO_MANY_ATTEMPTS',
  /** Step 2 (or its e-mail check) without a live check token from step 1 (403): the portal goes back to step 1. */
  'INVALID_CHECK_TOKEN',
  'OLD_EMAIL_MISMATCH',
  'INVALID_EMAIL',
  'SAME_EMAIL',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'SAME_PASSWORD',
  /** The verification e-mail could not be delivered (502); nothing was changed. */
  'MAIL_NOT_SENT',
]);
export type AccountMigrationErrorCode = z.infer<typeof accountMigrationErrorCode>;
