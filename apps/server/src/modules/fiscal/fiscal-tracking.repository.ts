import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, type FiscalScope, type InstantRange } from './fiscal.repository';

export interface TrackingFilter {
  recordIds?: string[];
  recordKind?: string;
  tableName?: string;
  tableId?: string;
  source?: 'pos' | 'server';
  range?: InstantRange;
}

export function listTracking(db: Db, scope: FiscalScope, filter: TrackingFilter) {
  return db
    .selectFrom('tracking as t')
    .selectAll('t')
    .where(inScope('t', scope))
    .$if(filter.recordIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`t.record_id = any(${filter.recordIds}::uuid[])`),
    )
    .$if(filter.recordKind !== undefined, (qb) => qb.where('t.record_kind', '=', filter.recordKind!))
    .$if(filter.tableName !== undefined, (qb) => qb.where('t.table_name', '=', filter.tableName!))
    .$if(filter.tableId !== undefined, (qb) => qb.where('t.table_id', '=', filter.tableId!))
    .$if(filter.source !== undefined, (qb) => qb.where('t.source', '=', filter.source!))
    .$if(filter.range !== undefined, (qb) =>
      qb.where('t.at', '>=', filter.range!.from).where('t.at', '<', filter.range!.to),
    )
    .orderBy('t.at')
    .orderBy('t.id')
    .execute();
}
export type TrackingListRow = Awaited<ReturnType<typeof listTracking>>[number];

/** Record kinds whose table keeps the chain position (register, seq) of the signed record. */
export const CHAINED_RECORD_TABLES = {
  service: 'services',
  order: 'orders',
  cash_movement: 'cash_movements',
  credit: 'credits',
  receipt: 'receipts',
} as const;
export type ChainedRecordKind = keyof typeof CHAINED_RECORD_TABLES;

/** The signed records (as received) of these rows, with their register's public key. */
export async function findSignedRecords(db: Db, scope: FiscalScope, kind: ChainedRecordKind, ids: string[]) {
  const table = CHAINED_RECORD_TABLES[kind];
  const { rows } = await sql<{
    record_id: string;
    register_id: string;
    public_key: string;
    seq: number;
    v: number;
    at: Date;
    prev_sig: string | null;
    sig: string;
    data: string;
  }>`
    select x.id as record_id, pr.register_id, r.public_key, pr.seq, pr.v, pr.at, pr.prev_sig, pr.sig, pr.data
      from ${sql.table(table)} x
      join pos_records pr on pr.register_id = x.register_id and pr.kind = ${kind} and pr.seq = x.seq
      join registers r on r.id = pr.register_id
     where x.account_id = ${scope.accountId}
       and x.company_id = any(${scope.companyIds}::uuid[])
       and x.id = any(${ids}::uuid[])`.execute(db);
  return rows;
}
export type SignedRecordRow = Awaited<ReturnType<typeof findSignedRecords>>[number];
