import type { Db } from '../../db/database';

export interface JetJournalFilter {
  accountId: string;
  from?: Date;
  to?: Date;
  code?: string;
  beforeSeq?: number;
  limit: number;
}

/**
 * One page of the account's journal, newest first, with what the screen shows (establishment, user)
 * and the signature of the event just before each one in the chain (`chain_prev_sig`, whatever the
 * filters), so that each row's link can be checked on its own.
 */
export function listJournal(db: Db, filter: JetJournalFilter) {
  let query = db
    .selectFrom('jet_events as e')
    .leftJoin('jet_events as p', (join) =>
      join.onRef('p.account_id', '=', 'e.account_id').on((eb) => eb('p.seq', '=', eb('e.seq', '-', 1))),
    )
    .leftJoin('companies as c', 'c.id', 'e.company_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.account_id',
      'e.company_id',
      'e.seq',
      'e.code',
      'e.label',
      'e.user_id',
      'e.details',
      'e.occurred_at',
      'e.prev_sig',
      'e.sig',
      'p.sig as chain_prev_sig',
      'c.company_name',
      'u.firstname',
      'u.lastname',
      'u.email',
    ])
    .where('e.account_id', '=', filter.accountId);
  if (filter.from) query = query.where('e.occurred_at', '>=', filter.from);
  if (filter.to) query = query.where('e.occurred_at', '<', filter.to);
  if (filter.code) query = query.where('e.code', '=', filter.code);
  if (filter.beforeSeq !== undefined) query = query.where('e.seq', '<', filter.beforeSeq);
  return query.orderBy('e.seq', 'desc').limit(filter.limit).execute();
}

/** Accounts with at least one register: those whose journal records the server's start and stop. */
export async function accountsWithRegisters(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('registers')
    .select('account_id')
    .distinct()
    .orderBy('account_id')
    .execute();
  return rows.map((row) => row.account_id);
}
