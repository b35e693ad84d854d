import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isStrongPassword, type TokenPair } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RefreshTokenRow, TokenKind, UserGroupName, UserRole, UserRow } from '../../db/schema/identity';
import { AppError } from '../../platform/errors';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { ServerKey } from '../../platform/server-key';
import { authError } from '../../platform/auth-errors';
import * as repo from './auth.repository';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './passwords';
import {
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
} from '../../platform/tokens';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 5;

export interface NewUserInput {
  accountId: string | null;
  email: string;
  password: string;
  /** The stored hash of `password` when made beforehand (one for all the demo's users). */
  passwordHash?: string;
  firstname: string;
  lastname: string;
  role: UserRole;
  /** Defaults to the e-mail. */
  username?: string;
  locale?: 'fr-FR' | 'es-ES' | 'ca-ES';
  hasMigratedEmail?: boolean;
  groups?: UserGroupName[];
  /** Companies a sub-user may read; none means all of the account's. */
  companyIds?: string[];
  /** Sub-user services (menu service_name values). */
  services?: string[];
}

/** Creates a user with a strong password (400 WEAK_PASSWORD) and a free e-mail (409 EMAIL_TAKEN). Pass a transaction. */
export async function createUser(db: Db, input: NewUserInput): Promise<UserRow> {
  if (!isStrongPassword(input.password)) throw authError('WEAK_PASSWORD');
  const email = input.email.trim().toLowerCase();
  if (await repo.findUserByEmail(db, email)) throw authError('EMAIL_TAKEN');
  const user = await repo.insertUser(db, {
    id: crypto.randomUUID(),
    account_id: input.accountId,
    email,
    username: input.username ?? email,
    firstname: input.firstname,
    lastname: input.lastname,
    role: input.role,
    password_hash: input.passwordHash ?? (await hashPassword(input.password)),
    ...(input.locale ? { locale: input.locale } : {}),
    ...(input.hasMigratedEmail !== undefined ? { has_migrated_email: input.hasMigratedEmail } : {}),
  });
  await repo.insertUserGroups(db, user.id, input.groups ?? []);
  await repo.insertUserCompanies(db, user.id, input.companyIds ?? []);
  await repo.insertSubUserServices(db, user.id, input.services ?? []);
  return user;
}

export interface SignInInput {
  email: string;
  password: string;
  scope: string;
  ip: string;
}

export interface SignedIn {
  tokens: TokenPair;
  userId: string;
  accountId: string | null;
  sessionId: string;
  scope: string;
  ip: string;
  at: Date;
}

/**
 * Checks the credentials and opens a session. 401 INVALID_CREDENTIALS for a wrong password and for
 * an unknown or disabled e-mail alike (same time spent); 429 TOO_MANY_ATTEMPTS after
 * MAX_FAILED_LOGINS failures of one e-mail within LOGIN_WINDOW_MS, whatever the password.
 */
export async function signIn(
  db: Db,
  secret: Uint8Array,
  input: SignInInput,
  now: Date = new Date(),
): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const failures = await repo.countRecentFailures(db, email, new Date(now.getTime() - LOGIN_WINDOW_MS));
  if (failures >= MAX_FAILED_LOGINS) throw authError('TOO_MANY_ATTEMPTS');

  const user = await repo.findUserByEmail(db, email);
  let isValid = false;
  if (user?.is_active) isValid = await verifyPassword(input.password, user.password_hash);
  else await spendPasswordCheckTime(input.password);
  await repo.recordLoginAttempt(db, { email, ip: input.ip, succeeded: isValid, at: now });
  if (!user || !isValid) throw authError('INVALID_CREDENTIALS');

  const sessionId = crypto.randomUUID();
  const tokens = await issueTokens(
    db,
    secret,
    user,
    {
      kind: 'user',
      scope: input.scope,
      session_id: sessionId,
      account_id: user.account_id,
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    },
    now,
  );
  return {
    tokens,
    userId: user.id,
    accountId: user.account_id,
    sessionId,
    scope: input.scope,
    ip: input.ip,
    at: now,
  };
}

/**
 * Sign-ins are audited here, and the technical events journal of the user's account records the same
 * event (21); support staff belong to no account and have no journal.
 */
export async function onSignedIn(
  log: FastifyBaseLogger,
  signedIn: SignedIn,
  journal: { db: Db; serverKey: ServerKey; email: string },
): Promise<void> {
  const { userId, accountId, sessionId, scope, ip, at } = signedIn;
  log.info({ event: 'sign_in', userId, accountId, sessionId, scope, ip, at }, 'user signed in');
  if (!accountId) return;
  await recordJetEvent(journal.db, journal.serverKey, {
    ...JET_EVENTS.userSignIn,
    accountId,
    userId,
    occurredAt: at,
    details: { email: journal.email.trim().toLowerCase(), sessionId, ip },
  });
}

type SessionGrant = Pick<RefreshTokenRow, 'kind' | 'scope' | 'session_id' | 'account_id' | 'expires_at'>;

/** Stores a new refresh token for the session and signs an access token that does not outlive it. */
async function issueTokens(
  db: Db,
  secret: Uint8Array,
  user: UserRow,
  grant: SessionGrant,
  now: Date,
  rotatedFromId?: string,
): Promise<TokenPair> {
  const id = crypto.randomUUID();
  const refresh = newRefreshToken();
  if (rotatedFromId && !(await repo.markRefreshTokenRotated(db, rotatedFromId, id, now))) {
    throw authError('REFRESH_TOKEN_REVOKED');
  }
  await repo.insertRefreshToken(db, {
    id,
    user_id: user.id,
    token_hash: refresh.hash,
    kind: grant.kind,
    account_id: grant.account_id,
    scope: grant.scope,
    session_id: grant.session_id,
    issued_at: now,
    expires_at: grant.expires_at,
  });
  const accessToken = await signAccessToken(
    secret,
    {
      sub: user.id,
      acc: grant.account_id,
      role: user.role,
      groups: await repo.listGroupNames(db, user.id),
      scope: grant.scope,
      sid: grant.session_id,
      kind: grant.kind,
    },
    { now, notAfter: new Date(grant.expires_at) },
  );
  return { accessToken, refreshToken: refresh.token };
}

/** The scope of fiscal sessions, the path prefix of their renewal. */
export const FISCAL_SESSION_SCOPE = 'administration-fiscale';

/**
 * Opens a tax inspector's fiscal session on an account, in the name of one of its users (the
 * holder): the refresh token and every access token it gives end at `expiresAt`, the end of the
 * grant, renewal included. The user must be active. Pass a transaction.
 */
export async function openFiscalSession(
  db: Db,
  secret: Uint8Array,
  grant: { user: UserRow; accountId: string; expiresAt: Date },
  now: Date = new Date(),
): Promise<{ tokens: TokenPair; sessionId: string }> {
  if (!grant.user.is_active || new Date(grant.expiresAt) <= now) throw authError('SESSION_REVOKED');
  const sessionId = crypto.randomUUID();
  const tokens = await issueTokens(
    db,
    secret,
    grant.user,
    {
      kind: 'fiscal',
      scope: FISCAL_SESSION_SCOPE,
      session_id: sessionId,
      account_id: grant.accountId,
      expires_at: grant.expiresAt,
    },
    now,
  );
  return { tokens, sessionId };
}

/**
 * Stores the refresh token of a support user's view-as session on `accountId` (a session of its
 * own, the viewed account's reads under `scope`, ending at `expiresAt`); answers the token.
 */
export async function openViewAsSession(
  db: Db,
  session: { staffUserId: string; accountId: string; scope: string; expiresAt: Date },
  now: Date = new Date(),
): Promise<string> {
  const refresh = newRefreshToken();
  await repo.insertRefreshToken(db, {
    id: crypto.randomUUID(),
    user_id: session.staffUserId,
    token_hash: refresh.hash,
    kind: 'view_as',
    account_id: session.accountId,
    scope: session.scope,
    session_id: crypto.randomUUID(),
    issued_at: now,
    expires_at: session.expiresAt,
  });
  return refresh.token;
}

/** A user by id, active or not (another module's checks: the account migration's). */
export function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return repo.findUserById(db, userId);
}

/**
 * Rotates a refresh token: the old one is revoked (replaced_by the new one) and a new pair comes back.
 * A token already rotated is a stolen copy or a replay: its whole session is revoked.
 */
export async function renewTokens(
  db: Db,
  secret: Uint8Array,
  token: string,
  acceptedKinds: readonly TokenKind[],
  now: Date = new Date(),
): Promise<{ tokens: TokenPair; kind: TokenKind }> {
  const row = await repo.findRefreshTokenByHash(db, hashRefreshToken(token));
  if (!row) throw authError('INVALID_REFRESH_TOKEN');
  if (!acceptedKinds.includes(row.kind)) throw authError('WRONG_TOKEN_KIND');
  if (row.revoked_at) {
    if (row.replaced_by) await repo.revokeSession(db, row.session_id, now);
    throw authError('REFRESH_TOKEN_REVOKED');
  }
  if (new Date(row.expires_at) <= now) throw authError('REFRESH_TOKEN_EXPIRED');
  const user = await repo.findUserById(db, row.user_id);
  if (!user || !user.is_active) {
    await repo.revokeSession(db, row.session_id, now);
    throw authError('REFRESH_TOKEN_REVOKED');
  }
  // A user session slides for another 30 days; a fiscal or view-as grant keeps the end it was given.
  const grant: SessionGrant = {
    kind: row.kind,
    scope: row.scope,
    session_id: row.session_id,
    account_id: row.account_id,
    expires_at: row.kind === 'user' ? new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) : row.expires_at,
  };
  try {
    const tokens = await db
      .transaction()
      .execute((trx) => issueTokens(trx, secret, user, grant, now, row.id));
    return { tokens, kind: row.kind };
  } catch (err) {
    // Lost a race with another use of the same token: that is a replay too.
    if (err instanceof AppError && err.code === 'REFRESH_TOKEN_REVOKED') {
      await repo.revokeSession(db, row.session_id, now);
    }
    throw err;
  }
}

/** The caller's live refresh token row, or 401 INVALID_REFRESH_TOKEN / REFRESH_TOKEN_REVOKED / _EXPIRED. */
async function findLiveRefreshToken(db: Db, token: string, now: Date): Promise<RefreshTokenRow> {
  const row = await repo.findRefreshTokenByHash(db, hashRefreshToken(token));
  if (!row) throw authError('INVALID_REFRESH_TOKEN');
  if (row.revoked_at) throw authError('REFRESH_TOKEN_REVOKED');
  if (new Date(row.expires_at) <= now) throw authError('REFRESH_TOKEN_EXPIRED');
  return row;
}

/** A sub-user's services (403 SUB_USER_NO_ACCESS when it has none); a holder or staff member has none to list. */
export async function subUserServices(db: Db, token: string, now: Date = new Date()): Promise<string[]> {
  const row = await findLiveRefreshToken(db, token, now);
  if (row.kind !== 'user') throw authError('WRONG_TOKEN_KIND');
  const user = await repo.findUserById(db, row.user_id);
  if (!user || !user.is_active) throw authError('REFRESH_TOKEN_REVOKED');
  if (user.role !== 'sub_user') return [];
  const services = await repo.listSubUserServices(db, user.id);
  if (services.length === 0) throw authError('SUB_USER_NO_ACCESS');
  return services;
}

/** Revokes the session the refresh token belongs to; an unknown or missing token is not an error. */
export async function signOut(db: Db, token: string | undefined, now: Date = new Date()): Promise<void> {
  if (!token) return;
  const row = await repo.findRefreshTokenByHash(db, hashRefreshToken(token));
  if (row) await repo.revokeSession(db, row.session_id, now);
}

/** What a user may do: role, groups, sub-user services and granted companies (sorted). */
export interface UserRights {
  role: UserRole;
  groups: UserGroupName[];
  services: string[];
  companyIds: string[];
}

/**
 * Changes a user's rights (only the parts given) and records the change in the journal of the
 * user's account (25, details targetUserId, before, after) in the same transaction; nothing changed,
 * nothing recorded. Every screen or API that edits groups, services, granted companies or the role
 * goes through here.
 */
export async function changeUserRights(
  db: Db,
  serverKey: ServerKey,
  input: { actorUserId: string | null; targetUserId: string; rights: Partial<UserRights> },
): Promise<UserRights> {
  if (!db.isTransaction) return db.transaction().execute((trx) => changeUserRights(trx, serverKey, input));
  const user = await repo.findUserById(db, input.targetUserId);
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', 'Utilisateur introuvable.');
  const before = await repo.readUserRights(db, user.id, user.role);
  const after: UserRights = {
    role: input.rights.role ?? before.role,
    groups: [...(input.rights.groups ?? before.groups)].sort(),
    services: [...(input.rights.services ?? before.services)].sort(),
    companyIds: [...(input.rights.companyIds ?? before.companyIds)].sort(),
  };
  if (JSON.stringify(before) === JSON.stringify(after)) return before;
  await repo.replaceUserRights(db, user.id, after);
  if (user.account_id) {
    await recordJetEvent(db, serverKey, {
      ...JET_EVENTS.rightsChanged,
      accountId: user.account_id,
      userId: input.actorUserId,
      details: { targetUserId: user.id, before: { ...before }, after: { ...after } },
    });
  }
  return after;
}
