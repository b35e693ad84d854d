import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type {
  CredentialCheckTokenRow,
  EmailChangeRequestRow,
  NewCredentialCheckToken,
  NewEmailChangeRequest,
} from '../../db/schema/account-migration';
import type { RefreshTokenRow } from '../../db/schema/identity';

export async function findRefreshTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<Pick<RefreshTokenRow, 'user_id' | 'session_id' | 'kind'> | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .select(['user_id', 'session_id', 'kind'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Whether a user other than `exceptUserId` signs in with this e-mail (case-insensitive). */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function countPasswordFailures(db: Db, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_check_failures')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('user_id', '=', userId)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function recordPasswordFailure(db: Db, userId: string, at: Date): Promise<void> {
  await db.insertInto('password_check_failures').values({ user_id: userId, at }).execute();
}

export async function clearPasswordFailures(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_check_failures').where('user_id', '=', userId).execute();
}

export async function insertCheckToken(db: Db, token: NewCredentialCheckToken): Promise<void> {
  await db.insertInto('credential_check_tokens').values(token).execute();
}

export async function findCheckTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<CredentialCheckTokenRow | undefined> {
  return db
    .selectFrom('credential_check_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeCheckTokens(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('credential_check_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertEmailChangeRequest(db: Db, request: NewEmailChangeRequest): Promise<string> {
  const { id } = await db
    .insertInto('email_change_requests')
    .values(request)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Cancels the user's pending e-mail changes (all, or all but `exceptId`). */
export async function cancelPendingEmailChanges(
  db: Db,
  userId: string,
  at: Date,
  exceptId?: string,
): Promise<void> {
  let query = db
    .updateTable('email_change_requests')
    .set({ cancelled_at: at })
    .where('user_id', '=', userId)
    .where('applied_at', 'is', null)
    .where('cancelled_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

export async function cancelEmailChange(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('email_change_requests').set({ cancelled_at: at }).where('id', '=', id).execute();
}

/** The request of a verification link, locked until the transaction ends. */
export async function findEmailChangeForUpdate(
  db: Db,
  tokenHash: string,
): Promise<EmailChangeRequestRow | undefined> {
  return db
    .selectFrom('email_change_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markEmailChangeApplied(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('email_change_requests').set({ applied_at: at }).where('id', '=', id).execute();
}

export async function updateCredentials(
  db: Db,
  userId: string,
  change: { passwordHash: string; at: Date; email?: string; username?: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: change.passwordHash,
      password_changed_at: change.at,
      ...(change.email === undefined ? {} : { email: change.email, has_migrated_email: true }),
      ...(change.username === undefined ? {} : { username: change.username }),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Revokes the user's live sessions other than `keptSessionId`; returns how many tokens. A tax
 * inspector's fiscal grant is not the user's session and stays.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keptSessionId: string,
  at: Date,
): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('session_id', '!=', keptSessionId)
    .where('kind', '!=', 'fiscal')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
