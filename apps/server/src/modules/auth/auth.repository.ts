import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type {
  NewRefreshToken,
  NewUser,
  RefreshTokenRow,
  UserGroupName,
  UserRow,
} from '../../db/schema/identity';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function insertUserGroups(db: Db, userId: string, names: UserGroupName[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto('user_groups')
    .values(names.map((name) => ({ user_id: userId, name })))
    .execute();
}

export async function insertUserCompanies(db: Db, userId: string, companyIds: string[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db
    .insertInto('user_companies')
    .values(companyIds.map((company_id) => ({ user_id: userId, company_id })))
    .execute();
}

export async function insertSubUserServices(db: Db, userId: string, services: string[]): Promise<void> {
  if (services.length === 0) return;
  await db
    .insertInto('sub_user_services')
    .values(services.map((service_name) => ({ user_id: userId, service_name })))
    .execute();
}

/** The user's groups, services and granted companies, each sorted. */
export async function readUserRights(
  db: Db,
  userId: string,
  role: UserRow['role'],
): Promise<{ role: UserRow['role']; groups: UserGroupName[]; services: string[]; companyIds: string[] }> {
  const companies = await db
    .selectFrom('user_companies')
    .select('company_id')
    .where('user_id', '=', userId)
    .orderBy('company_id')
    .execute();
  return {
    role,
    groups: await listGroupNames(db, userId),
    services: await listSubUserServices(db, userId),
    companyIds: companies.map((c) => c.company_id),
  };
}

/** Replaces the user's role, groups, services and granted companies. Pass a transaction. */
export async function replaceUserRights(
  db: Db,
  userId: string,
  rights: { role: UserRow['role']; groups: UserGroupName[]; services: string[]; companyIds: string[] },
): Promise<void> {
  await db.updateTable('users').set({ role: rights.role }).where('id', '=', userId).execute();
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
  await db.deleteFrom('sub_user_services').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_companies').where('user_id', '=', userId).execute();
  await insertUserGroups(db, userId, rights.groups);
  await insertSubUserServices(db, userId, rights.services);
  await insertUserCompanies(db, userId, rights.companyIds);
}

export async function listGroupNames(db: Db, userId: string): Promise<UserGroupName[]> {
  const rows = await db
    .selectFrom('user_groups')
    .select('name')
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

export async function listSubUserServices(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sub_user_services')
    .select('service_name')
    .where('user_id', '=', userId)
    .orderBy('service_name')
    .execute();
  return rows.map((r) => r.service_name);
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db.insertInto('refresh_tokens').values(token).execute();
}

export async function findRefreshTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a live token as used; false when another request used or revoked it first. */
export async function markRefreshTokenRotated(
  db: Db,
  id: string,
  replacedBy: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at, replaced_by: replacedBy })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live token of a session; returns how many. */
export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Failed sign-ins of an e-mail since `since` and after its last successful one. */
export async function countRecentFailures(db: Db, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_attempts as a')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('a.email', '=', email)
    .where('a.succeeded', '=', false)
    .where('a.at', '>', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('login_attempts as s')
            .select('s.id')
            .where('s.email', '=', email)
            .where('s.succeeded', '=', true)
            .whereRef('s.at', '>=', 'a.at'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function recordLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string; succeeded: boolean; at: Date },
): Promise<void> {
  await db.insertInto('login_attempts').values(attempt).execute();
}
