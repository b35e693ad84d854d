import crypto from 'node:crypto';
import {
  isEmailAddress,
  isStrongPassword,
  type MigrationEmailUpdateRequest,
  type MigrationPasswordVerifyRequest,
  type MigrationPasswordVerifyResponse,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { NewEmailChangeRequest } from '../../db/schema/account-migration';
import type { UserRow } from '../../db/schema/identity';
import type { MailMessage } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import { findUser } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { hashRefreshToken } from '../../platform/tokens';
import { accountMigrationError } from './account-migration.errors';
import * as repo from './account-migration.repository';

/** Step 2 stays open this long after step 1 (spec 2 §4: the check token expires). */
export const CHECK_TOKEN_TTL_MS = 15 * 60 * 1000;
/** How long the link mailed to the new address stays valid. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Wrong current passwords allowed per user within the window, then 429 until it slides by. */
export const MAX_PASSWORD_FAILURES = 5;
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;

function newSecretToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The refresh token sent with a migration call must be one of the caller's session (403 SESSION_MISMATCH). */
async function assertSessionRefreshToken(db: Db, ctx: RequestContext, refreshToken: string): Promise<void> {
  const row = await repo.findRefreshTokenByHash(db, hashRefreshToken(refreshToken));
  if (!row || row.kind !== 'user' || row.user_id !== ctx.userId || row.session_id !== ctx.sessionId) {
    throw accountMigrationError('SESSION_MISMATCH');
  }
}

async function findCaller(db: Db, ctx: RequestContext): Promise<UserRow> {
  const user = await findUser(db, ctx.userId);
  if (!user) throw accountMigrationError('CREDENTIALS_CHANGE_FORBIDDEN');
  return user;
}

/**
 * Checks the caller's current password: 400 INVALID_PASSWORD (counted), 429 TOO_MANY_ATTEMPTS after
 * MAX_PASSWORD_FAILURES within PASSWORD_FAILURE_WINDOW_MS, whatever the password. Not in a
 * transaction: a failure must stay recorded.
 */
export async function checkCurrentPassword(
  db: Db,
  ctx: RequestContext,
  password: string,
  now: Date = new Date(),
): Promise<UserRow> {
  const user = await findCaller(db, ctx);
  const since = new Date(now.getTime() - PASSWORD_FAILURE_WINDOW_MS);
  if ((await repo.countPasswordFailures(db, user.id, since)) >= MAX_PASSWORD_FAILURES) {
    throw accountMigrationError('TOO_MANY_ATTEMPTS');
  }
  if (!(await verifyPassword(password, user.password_hash))) {
    await repo.recordPasswordFailure(db, user.id, now);
    throw accountMigrationError('INVALID_PASSWORD');
  }
  await repo.clearPasswordFailures(db, user.id);
  return user;
}

/** Step 1: the current password gives a check token for step 2, valid CHECK_TOKEN_TTL_MS. */
export async function verifyCurrentPassword(
  db: Db,
  ctx: RequestContext,
  input: MigrationPasswordVerifyRequest,
  now: Date = new Date(),
): Promise<MigrationPasswordVerifyResponse> {
  await assertSessionRefreshToken(db, ctx, input.refreshToken);
  const user = await checkCurrentPassword(db, ctx, input.password, now);
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + CHECK_TOKEN_TTL_MS);
  await repo.insertCheckToken(db, {
    user_id: user.id,
    session_id: ctx.sessionId,
    token_hash: hash,
    created_at: now,
    expires_at: expiresAt,
  });
  return { success: true, token, expiresAt: expiresAt.toISOString() };
}

/** 403 INVALID_CHECK_TOKEN unless this is a live (unexpired, unrevoked) check token of the caller's session. */
async function assertLiveCheckToken(
  db: Db,
  ctx: RequestContext,
  checkToken: string | undefined,
  now: Date,
): Promise<void> {
  const check =
    checkToken === undefined ? undefined : await repo.findCheckTokenByHash(db, hashToken(checkToken));
  const isCheckLive =
    check !== undefined &&
    check.user_id === ctx.userId &&
    check.session_id === ctx.sessionId &&
    check.revoked_at === null &&
    new Date(check.expires_at) > now;
  if (!isCheckLive) throw accountMigrationError('INVALID_CHECK_TOKEN');
}

/**
 * Step 2's live check of the new e-mail (spec 2 §5). It tells whether any account signs in with an
 * address, so only a caller in the middle of the login change may ask: a live check token of the
 * caller's session (403 INVALID_CHECK_TOKEN otherwise).
 */
export async function emailExists(
  db: Db,
  ctx: RequestContext,
  input: { email: string; checkToken: string | undefined },
  now: Date = new Date(),
): Promise<boolean> {
  await assertLiveCheckToken(db, ctx, input.checkToken, now);
  return repo.isEmailTaken(db, normaliseEmail(input.email));
}

/** The new password's hash: 400 WEAK_PASSWORD below the spec's rules, 400 SAME_PASSWORD if unchanged. */
export async function newPasswordHash(user: UserRow, password: string): Promise<string> {
  if (!isStrongPassword(password)) throw accountMigrationError('WEAK_PASSWORD');
  if (await verifyPassword(password, user.password_hash)) throw accountMigrationError('SAME_PASSWORD');
  return hashPassword(password);
}

export interface PreparedEmailChange {
  row: NewEmailChangeRequest;
  email: string;
  expiresAt: Date;
  /** Goes in the mailed link only; the database keeps its hash. */
  verificationToken: string;
  user: Pick<UserRow, 'firstname' | 'account_id'>;
}

/**
 * Step 2's rules, in the order the form shows them: a live check token of this session (403
 * INVALID_CHECK_TOKEN), the account's current e-mail, a valid new e-mail that is neither the current
 * one nor taken, a strong new password that is not the current one. Writes nothing.
 */
export async function prepareEmailChange(
  db: Db,
  ctx: RequestContext,
  input: MigrationEmailUpdateRequest,
  now: Date = new Date(),
): Promise<PreparedEmailChange> {
  await assertSessionRefreshToken(db, ctx, input.refreshToken);
  await assertLiveCheckToken(db, ctx, input.checkToken, now);

  const user = await findCaller(db, ctx);
  const email = normaliseEmail(input.email);
  if (normaliseEmail(input.oldEmail) !== user.email.toLowerCase()) {
    throw accountMigrationError('OLD_EMAIL_MISMATCH');
  }
  if (!isEmailAddress(email)) throw accountMigrationError('INVALID_EMAIL');
  if (email === user.email.toLowerCase()) throw accountMigrationError('SAME_EMAIL');
  if (await repo.isEmailTaken(db, email)) throw accountMigrationError('EMAIL_TAKEN');
  const passwordHash = await newPasswordHash(user, input.password);

  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_TTL_MS);
  return {
    email,
    expiresAt,
    row: {
      user_id: user.id,
      session_id: ctx.sessionId,
      old_email: user.email,
      new_email: email,
      password_hash: passwordHash,
      token_hash: hash,
      created_at: now,
      expires_at: expiresAt,
    },
    verificationToken: token,
    user: { firstname: user.firstname, account_id: user.account_id },
  };
}

/** Stores the change; an earlier pending one of the user is cancelled (its link stops working). */
export async function storeEmailChange(trx: Db, change: PreparedEmailChange, now: Date): Promise<string> {
  await repo.cancelPendingEmailChanges(trx, change.row.user_id, now);
  return repo.insertEmailChangeRequest(trx, change.row);
}

/** A change whose verification mail could not be delivered never applies. */
export async function cancelEmailChange(db: Db, requestId: string, now: Date = new Date()): Promise<void> {
  await repo.cancelEmailChange(db, requestId, now);
}

export function verificationMail(publicUrl: string, change: PreparedEmailChange): MailMessage {
  const link = `${publicUrl}/check-new-email?verificationToken=${encodeURIComponent(change.verificationToken)}`;
  const text = [
    `Bonjour ${change.user.firstname},`,
    '',
    'Vous avez demandé à modifier vos identifiants de connexion à Comptoir. Pour confirmer votre ' +
      `nouvelle adresse e-mail (${change.email}) et activer votre nouveau mot de passe, ouvrez ce lien :`,
    '',
    link,
    '',
    "Ce lien est valable 24 heures. Tant qu'il n'a pas été ouvert, vos identifiants actuels restent valables.",
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne sera modifié.",
    '',
    "L'équipe Comptoir",
  ].join('\n');
  return {
    to: change.email,
    subject: 'Comptoir : confirmez votre nouvelle adresse e-mail',
    text,
    accountId: change.user.account_id,
  };
}

/**
 * Applies the change of a verification link: e-mail (and the username when it was the e-mail),
 * password, `has_migrated_email`; closes the user's other sessions. False when the link is unknown,
 * expired, replaced, already used, or the account changed since; 409 EMAIL_TAKEN if another account
 * took the address meanwhile. Pass a transaction.
 */
export async function applyEmailChange(trx: Db, token: string, now: Date = new Date()): Promise<boolean> {
  const request = await repo.findEmailChangeForUpdate(trx, hashToken(token));
  if (!request || request.applied_at || request.cancelled_at || new Date(request.expires_at) <= now) {
    return false;
  }
  const user = await findUser(trx, request.user_id);
  if (!user?.is_active || user.email.toLowerCase() !== request.old_email.toLowerCase()) return false;
  if (await repo.isEmailTaken(trx, request.new_email, user.id)) throw accountMigrationError('EMAIL_TAKEN');

  const isUsernameTheEmail = user.username.toLowerCase() === user.email.toLowerCase();
  await repo.updateCredentials(trx, user.id, {
    passwordHash: request.password_hash,
    at: now,
    email: request.new_email,
    ...(isUsernameTheEmail ? { username: request.new_email } : {}),
  });
  await repo.markEmailChangeApplied(trx, request.id, now);
  await repo.cancelPendingEmailChanges(trx, user.id, now, request.id);
  await repo.revokeCheckTokens(trx, user.id, now);
  await repo.clearPasswordFailures(trx, user.id);
  await repo.revokeOtherSessions(trx, user.id, request.session_id, now);
  return true;
}

/**
 * Sets the new password and closes the user's other sessions. A pending e-mail change carries the
 * password chosen before: it is cancelled, as are step-1 check tokens. Pass a transaction.
 */
export async function replacePassword(
  trx: Db,
  ctx: RequestContext,
  passwordHash: string,
  now: Date = new Date(),
): Promise<void> {
  await repo.updateCredentials(trx, ctx.userId, { passwordHash, at: now });
  await repo.cancelPendingEmailChanges(trx, ctx.userId, now);
  await repo.revokeCheckTokens(trx, ctx.userId, now);
  await repo.revokeOtherSessions(trx, ctx.userId, ctx.sessionId, now);
}
