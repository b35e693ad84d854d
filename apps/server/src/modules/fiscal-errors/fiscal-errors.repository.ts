import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { FiscalScope } from '../fiscal/fiscal.service';

export interface DefectFilter {
  id?: string;
  /** Business days (a defect with none counts on the Paris day it was detected), both included. */
  startDay?: string;
  endDay?: string;
}

/** The account's defects; those of an establishment only when the caller reads it. */
function defectInScope(scope: FiscalScope) {
  return sql<SqlBool>`e.account_id = ${scope.accountId}
    and (e.company_id is null or e.company_id = any(${scope.companyIds}::uuid[]))`;
}

const defectDay = sql<string>`coalesce(e.business_day, (e.detected_at at time zone 'Europe/Paris')::date)`;

/** Defects with their establishment's and register's names, oldest business day first. */
export function listDefects(db: Db, scope: FiscalScope, filter: DefectFilter) {
  let query = db
    .selectFrom('signature_check_errors as e')
    .leftJoin('companies as co', 'co.id', 'e.company_id')
    .leftJoin('registers as r', 'r.id', 'e.register_id')
    .select([
      'e.id',
      'e.detected_at',
      'e.job_id',
      'e.source',
      'e.scope',
      'e.code',
      'e.company_id',
      'co.company_name',
      'e.register_id',
      'r.name as register_name',
      'e.record_kind',
      'e.record_id',
      'e.seq',
      'e.business_day',
      'e.service_id',
      'e.details',
      'e.message',
    ])
    .where(defectInScope(scope));
  if (filter.id !== undefined) query = query.where('e.id', '=', filter.id);
  if (filter.startDay !== undefined) query = query.where(sql<SqlBool>`${defectDay} >= ${filter.startDay}`);
  if (filter.endDay !== undefined) query = query.where(sql<SqlBool>`${defectDay} <= ${filter.endDay}`);
  return query
    .orderBy(sql`${defectDay}`)
    .orderBy('co.company_name')
    .orderBy('r.name')
    .orderBy('e.record_kind')
    .orderBy('e.seq')
    .orderBy('e.detected_at')
    .execute();
}
export type DefectRow = Awaited<ReturnType<typeof listDefects>>[number];

/** The services named, with their register and establishment, in the caller's scope. */
export function listServices(db: Db, scope: FiscalScope, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('services as s')
    .innerJoin('registers as r', 'r.id', 's.register_id')
    .innerJoin('companies as co', 'co.id', 's.company_id')
    .select([
      's.id',
      's.number',
      's.register_id',
      'r.name as register_name',
      's.company_id',
      'co.company_name',
      's.business_day',
      's.opening_date',
      's.closing_date',
      's.amount_total_ivat',
    ])
    .where('s.id', 'in', ids)
    .where('s.account_id', '=', scope.accountId)
    .where(sql<SqlBool>`s.company_id = any(${scope.companyIds}::uuid[])`)
    .execute();
}
export type ServiceRow = Awaited<ReturnType<typeof listServices>>[number];

/** The server closures named, with their establishment, in the caller's scope. */
export function listServerClosures(db: Db, scope: FiscalScope, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('server_closures as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .select([
      'c.id',
      'c.type',
      'c.start_day',
      'c.end_day',
      'c.company_id',
      'co.company_name',
      'c.amount_total_ivat',
      'c.grand_total_ivat',
    ])
    .where('c.id', 'in', ids)
    .where('c.account_id', '=', scope.accountId)
    .where(sql<SqlBool>`c.company_id = any(${scope.companyIds}::uuid[])`)
    .execute();
}
export type ServerClosureRow = Awaited<ReturnType<typeof listServerClosures>>[number];

/** The registers among `ids` that the caller's account holds in the establishments it reads. */
export function listRegisters(db: Db, scope: FiscalScope, ids: string[]) {
  return db
    .selectFrom('registers')
    .select(['id', 'company_id'])
    .where('id', 'in', ids)
    .where('account_id', '=', scope.accountId)
    .where(sql<SqlBool>`company_id = any(${scope.companyIds}::uuid[])`)
    .execute();
}

/** A stored record of a register's chain, by sequence number or by record id. */
export function findRecord(
  db: Db,
  registerId: string,
  kind: string,
  at: { seq?: number; recordId?: string },
) {
  let query = db
    .selectFrom('pos_records')
    .select(['record_id', 'seq', 'business_day'])
    .where('register_id', '=', registerId)
    .where('kind', '=', kind);
  if (at.seq !== undefined) query = query.where('seq', '=', at.seq);
  else if (at.recordId !== undefined) query = query.where('record_id', '=', at.recordId);
  else return Promise.resolve(undefined);
  return query.executeTakeFirst();
}

/** The service a record belongs to: itself for a service, its service for an order. */
export async function serviceOfRecord(
  db: Db,
  registerId: string,
  kind: string,
  recordId: string,
): Promise<string | null> {
  if (kind === 'service') {
    const row = await db
      .selectFrom('services')
      .select('id')
      .where('id', '=', recordId)
      .where('register_id', '=', registerId)
      .executeTakeFirst();
    return row?.id ?? null;
  }
  if (kind === 'order') {
    const row = await db
      .selectFrom('orders')
      .select('service_id')
      .where('id', '=', recordId)
      .where('register_id', '=', registerId)
      .executeTakeFirst();
    return row?.service_id ?? null;
  }
  return null;
}

export interface NewDefect {
  accountId: string;
  companyId: string;
  registerId: string;
  recordKind: string;
  recordId: string | null;
  seq: number | null;
  businessDay: string | null;
  serviceId: string | null;
  details: Record<string, unknown>;
  message: string;
}

/** Client-reported defects: source client, scope register, code CLIENT_REPORTED. */
export async function insertClientDefects(db: Db, defects: NewDefect[]): Promise<string[]> {
  if (defects.length === 0) return [];
  const rows = await db
    .insertInto('signature_check_errors')
    .values(
      defects.map((d) => ({
        account_id: d.accountId,
        company_id: d.companyId,
        register_id: d.registerId,
        source: 'client' as const,
        scope: 'register' as const,
        code: 'CLIENT_REPORTED',
        record_kind: d.recordKind,
        record_id: d.recordId,
        seq: d.seq,
        business_day: d.businessDay,
        service_id: d.serviceId,
        details: JSON.stringify(d.details),
        message: d.message,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
