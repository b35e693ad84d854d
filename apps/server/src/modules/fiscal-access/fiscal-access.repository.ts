import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { FiscalAccessRequestRow, FiscalAccessRequestTable } from '../../db/schema/fiscal-access';
import type { UserRow } from '../../db/schema/identity';

/** A request with what the product team's list shows beside it. */
export interface SupportRequestRow extends FiscalAccessRequestRow {
  account_name: string;
  requester_firstname: string | null;
  requester_lastname: string | null;
}

export async function insertRequest(
  db: Db,
  request: Insertable<FiscalAccessRequestTable>,
): Promise<FiscalAccessRequestRow> {
  return db.insertInto('fiscal_access_requests').values(request).returningAll().executeTakeFirstOrThrow();
}

function supportRequests(db: Db) {
  return db
    .selectFrom('fiscal_access_requests as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .selectAll('r')
    .select([
      'a.name as account_name',
      'u.firstname as requester_firstname',
      'u.lastname as requester_lastname',
    ]);
}

/** Pending requests first, oldest first (the queue); then decided ones, latest decision first. */
export async function listSupportRequests(db: Db, limit = 500): Promise<SupportRequestRow[]> {
  return supportRequests(db)
    .orderBy(sql`r.status = 'pending'`, 'desc')
    .orderBy(sql`case when r.status = 'pending' then r.created_at end`, 'asc')
    .orderBy(sql`coalesce(r.decided_at, r.created_at)`, 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function findSupportRequest(db: Db, id: string): Promise<SupportRequestRow | undefined> {
  return supportRequests(db).where('r.id', '=', id).executeTakeFirst();
}

export async function findRequest(db: Db, id: string): Promise<FiscalAccessRequestRow | undefined> {
  return db.selectFrom('fiscal_access_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Decides a pending request; undefined when it is unknown or no longer pending (a concurrent decision). */
export async function decidePendingRequest(
  db: Db,
  id: string,
  decision: Updateable<FiscalAccessRequestTable>,
): Promise<FiscalAccessRequestRow | undefined> {
  return db
    .updateTable('fiscal_access_requests')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Puts back in the queue a validation whose token never reached the inspector. */
export async function reopenValidatedRequest(db: Db, id: string, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('fiscal_access_requests')
    .set({
      status: 'pending',
      token_hash: null,
      validated_by: null,
      decided_at: null,
      expires_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'validated')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findRequestByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<FiscalAccessRequestRow | undefined> {
  return db
    .selectFrom('fiscal_access_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markRequestUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('fiscal_access_requests').set({ last_used_at: at }).where('id', '=', id).execute();
}

/**
 * The account's active holder a fiscal session acts for: the account's own holder before a
 * customer-space user, then the earliest created.
 */
export async function findActiveHolder(db: Db, accountId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users as u')
    .selectAll('u')
    .where('u.account_id', '=', accountId)
    .where('u.role', '=', 'holder')
    .where('u.is_active', '=', true)
    .orderBy((eb) =>
      eb.exists(
        eb
          .selectFrom('user_groups as g')
          .select('g.user_id')
          .whereRef('g.user_id', '=', 'u.id')
          .where('g.name', '=', 'espace_client'),
      ),
    )
    .orderBy('u.created_at')
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst();
}

/** Whether an active user of the account has this address (case ignored). */
export async function isActiveUserEmail(db: Db, accountId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('is_active', '=', true)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Addresses of the active support staff, who validate requests. */
export async function listStaffEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'staff')
    .where('is_active', '=', true)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

export async function findAccountName(db: Db, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  return row?.name;
}
