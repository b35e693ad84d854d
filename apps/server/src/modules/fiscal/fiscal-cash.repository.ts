import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, type FiscalScope } from './fiscal.repository';

export interface ServiceChildFilter {
  serviceIds?: string[];
  orderId?: string;
  registerId?: string;
  startDay?: string;
  endDay?: string;
}

export function listCashMovements(db: Db, scope: FiscalScope, filter: ServiceChildFilter) {
  return db
    .selectFrom('cash_movements as m')
    .selectAll('m')
    .where(inScope('m', scope))
    .$if(filter.serviceIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`m.service_id = any(${filter.serviceIds}::uuid[])`),
    )
    .$if(filter.registerId !== undefined, (qb) => qb.where('m.register_id', '=', filter.registerId!))
    .$if(filter.startDay !== undefined, (qb) => qb.where('m.business_day', '>=', filter.startDay!))
    .$if(filter.endDay !== undefined, (qb) => qb.where('m.business_day', '<=', filter.endDay!))
    .orderBy('m.at')
    .execute();
}
export type CashMovementListRow = Awaited<ReturnType<typeof listCashMovements>>[number];

export function listCredits(db: Db, scope: FiscalScope, filter: ServiceChildFilter) {
  return db
    .selectFrom('credits as c')
    .selectAll('c')
    .where(inScope('c', scope))
    .$if(filter.serviceIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`c.service_id = any(${filter.serviceIds}::uuid[])`),
    )
    .$if(filter.orderId !== undefined, (qb) => qb.where('c.order_id', '=', filter.orderId!))
    .$if(filter.registerId !== undefined, (qb) => qb.where('c.register_id', '=', filter.registerId!))
    .$if(filter.startDay !== undefined, (qb) => qb.where('c.business_day', '>=', filter.startDay!))
    .$if(filter.endDay !== undefined, (qb) => qb.where('c.business_day', '<=', filter.endDay!))
    .orderBy('c.at')
    .execute();
}
export type CreditListRow = Awaited<ReturnType<typeof listCredits>>[number];

export function listRegisters(db: Db, scope: FiscalScope, registerId?: string) {
  return db
    .selectFrom('registers as r')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select(['r.id', 'r.name', 'r.serial', 'r.company_id', 'co.company_name', 'r.enrolled_at', 'r.is_active'])
    .where(inScope('r', scope))
    .$if(registerId !== undefined, (qb) => qb.where('r.id', '=', registerId!))
    .orderBy('co.company_name')
    .orderBy('r.name')
    .execute();
}
