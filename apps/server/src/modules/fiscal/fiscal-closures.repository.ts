import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, type FiscalScope } from './fiscal.repository';

export interface ClosureFilter {
  ids?: string[];
  /** Closures whose period meets these business days. */
  startDay?: string;
  endDay?: string;
  type?: number;
}

/** Closures signed by the registers, with their register, establishment and record signature. */
export function listRegisterClosures(db: Db, scope: FiscalScope, filter: ClosureFilter) {
  return db
    .selectFrom('closures as c')
    .innerJoin('registers as r', 'r.id', 'c.register_id')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .leftJoin('pos_records as pr', (join) =>
      join
        .onRef('pr.register_id', '=', 'c.register_id')
        .on('pr.kind', '=', 'closure')
        .onRef('pr.seq', '=', 'c.seq'),
    )
    .select([
      'c.id',
      'c.type',
      'c.seq',
      'c.register_id',
      'r.name as register_name',
      'c.company_id',
      'co.company_name',
      'c.start_day',
      'c.end_day',
      'c.opening_date',
      'c.closing_date',
      'c.amount_total_ivat',
      'c.amount_total_evat',
      'c.amount_tax',
      'c.amount_discount_ivat',
      'c.amount_offered_ivat',
      'c.amount_total_wo_discount_ivat',
      'c.amount_payment_shift',
      'c.grand_total_ivat',
      'c.comment',
      'c.payments',
      'c.taxes',
      'c.service_ids',
      'pr.sig',
    ])
    .where(inScope('c', scope))
    .$if(filter.ids !== undefined, (qb) => qb.where(sql<SqlBool>`c.id = any(${filter.ids}::uuid[])`))
    .$if(filter.startDay !== undefined, (qb) => qb.where('c.end_day', '>=', filter.startDay!))
    .$if(filter.endDay !== undefined, (qb) => qb.where('c.start_day', '<=', filter.endDay!))
    .$if(filter.type !== undefined, (qb) => qb.where('c.type', '=', filter.type!))
    .orderBy('c.end_day', 'desc')
    .orderBy('c.closing_date', 'desc')
    .orderBy('c.type')
    .execute();
}
export type RegisterClosureRow = Awaited<ReturnType<typeof listRegisterClosures>>[number];

/** Closures computed and signed by the server for a whole establishment. */
export function listServerClosures(db: Db, scope: FiscalScope, filter: ClosureFilter) {
  return db
    .selectFrom('server_closures as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .select([
      'c.id',
      'c.type',
      'c.company_id',
      'co.company_name',
      'c.start_day',
      'c.end_day',
      'c.opening_date',
      'c.closing_date',
      'c.amount_total_ivat',
      'c.amount_total_evat',
      'c.amount_tax',
      'c.amount_discount_ivat',
      'c.amount_offered_ivat',
      'c.amount_total_wo_discount_ivat',
      'c.amount_payment_shift',
      'c.grand_total_ivat',
      'c.payments',
      'c.taxes',
      'c.services_count',
      'c.sig',
    ])
    .where(inScope('c', scope))
    .$if(filter.ids !== undefined, (qb) => qb.where(sql<SqlBool>`c.id = any(${filter.ids}::uuid[])`))
    .$if(filter.startDay !== undefined, (qb) => qb.where('c.end_day', '>=', filter.startDay!))
    .$if(filter.endDay !== undefined, (qb) => qb.where('c.start_day', '<=', filter.endDay!))
    .$if(filter.type !== undefined, (qb) => qb.where(sql<SqlBool>`c.type = ${filter.type}`))
    .orderBy('c.end_day', 'desc')
    .orderBy('c.type')
    .execute();
}
export type ServerClosureListRow = Awaited<ReturnType<typeof listServerClosures>>[number];
