import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema/index';
import type { ServerKeyRow } from '../../db/schema/server-keys';
import type { FiscalScope } from '../fiscal/fiscal.service';

/** Every key the server has signed with, oldest first. */
export function listServerKeys(db: Db): Promise<ServerKeyRow[]> {
  return db.selectFrom('server_keys').selectAll().orderBy('valid_from').orderBy('fingerprint').execute();
}

/**
 * Every published key, the table locked against other writers until the transaction ends: two
 * instances starting together decide one after the other.
 */
export async function lockServerKeys(trx: Transaction<Database>): Promise<ServerKeyRow[]> {
  await sql`lock table server_keys in share row exclusive mode`.execute(trx);
  return listServerKeys(trx);
}

/** Publishes a new key and closes the keys still open at its start. Pass the locking transaction. */
export async function addServerKey(
  trx: Transaction<Database>,
  key: { fingerprint: string; publicKey: string; validFrom: Date },
): Promise<void> {
  await trx
    .insertInto('server_keys')
    .values({ fingerprint: key.fingerprint, public_key: key.publicKey, valid_from: key.validFrom })
    .execute();
  await trx
    .updateTable('server_keys')
    .set({ valid_to: key.validFrom })
    .where('valid_to', 'is', null)
    .where('fingerprint', '<>', key.fingerprint)
    .where('valid_from', '<=', key.validFrom)
    .execute();
}

/** The oldest JET event of any account: what the first published key may date back to. */
export function oldestJetEvent(db: Db) {
  return db
    .selectFrom('jet_events')
    .selectAll()
    .orderBy('occurred_at')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

/** The registers of the establishments the caller reads, by establishment then register name. */
export function listRegisterKeys(db: Db, scope: FiscalScope) {
  if (scope.companyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('registers as r')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select([
      'r.id',
      'r.name',
      'r.serial',
      'r.public_key',
      'r.enrolled_at',
      'r.is_active',
      'r.company_id',
      'co.company_name',
    ])
    .where('r.account_id', '=', scope.accountId)
    .where('co.account_id', '=', scope.accountId)
    .where('r.company_id', 'in', scope.companyIds)
    .orderBy('co.company_name')
    .orderBy('r.name')
    .orderBy('r.serial')
    .execute();
}
