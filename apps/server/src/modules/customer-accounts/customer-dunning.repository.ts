import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CustomerDunningSendTable } from '../../db/schema/customer-accounts';

/** The account's name: what a reminder of several establishments goes out under. */
export async function findAccountName(db: Db, accountId: string): Promise<string> {
  const row = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  return row?.name ?? '';
}

/** Records one reminder mailed (or refused by the mail server). */
export async function insertDunningSend(db: Db, send: Insertable<CustomerDunningSendTable>): Promise<void> {
  await db.insertInto('customer_dunning_sends').values(send).execute();
}

/**
 * The reminders sent to a customer of the account, newest first: those covering all establishments
 * (company null) and those of the given ones, with who sent them.
 */
export function listDunningSends(
  db: Db,
  scope: { accountId: string; companyIds: string[]; customerId: string },
  limit = 50,
) {
  return db
    .selectFrom('customer_dunning_sends as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.sent_at',
      'd.to_address',
      'd.subject',
      'd.owed_cents',
      'd.notes_count',
      'd.status',
      'u.firstname',
      'u.lastname',
      'u.email',
    ])
    .where('d.account_id', '=', scope.accountId)
    .where('d.customer_account_id', '=', scope.customerId)
    .where((eb) =>
      eb.or([
        eb('d.company_id', 'is', null),
        ...(scope.companyIds.length > 0 ? [eb('d.company_id', 'in', scope.companyIds)] : []),
      ]),
    )
    .orderBy('d.sent_at', 'desc')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/**
 * The latest reminder that left, per customer of the account, in the same scope (an account's
 * reminders are few: all of them rather than a list of thousands of debtors' ids).
 */
export async function lastDunningSends(
  db: Db,
  scope: { accountId: string; companyIds: string[] },
): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('customer_dunning_sends as d')
    .select(['d.customer_account_id', (eb) => eb.fn.max('d.sent_at').as('last_at')])
    .where('d.account_id', '=', scope.accountId)
    .where('d.status', '=', 'sent')
    .where((eb) =>
      eb.or([
        eb('d.company_id', 'is', null),
        ...(scope.companyIds.length > 0 ? [eb('d.company_id', 'in', scope.companyIds)] : []),
      ]),
    )
    .groupBy('d.customer_account_id')
    .execute();
  return new Map(rows.map((row) => [row.customer_account_id, new Date(row.last_at)]));
}
