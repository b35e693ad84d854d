import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, type FiscalScope } from './fiscal.repository';

export interface ServiceFilter {
  ids?: string[];
  registerId?: string;
  /** Every service of these establishments (a server closure's). */
  companyIds?: string[];
  startDay?: string;
  endDay?: string;
}

export function listServices(db: Db, scope: FiscalScope, filter: ServiceFilter) {
  return db
    .selectFrom('services as s')
    .innerJoin('registers as r', 'r.id', 's.register_id')
    .innerJoin('companies as co', 'co.id', 's.company_id')
    .selectAll('s')
    .select(['r.name as register_name', 'co.company_name'])
    .select(sql<number>`(select count(*) from orders o where o.service_id = s.id)::int`.as('orders_count'))
    .where(inScope('s', scope))
    .$if(filter.ids !== undefined, (qb) => qb.where(sql<SqlBool>`s.id = any(${filter.ids}::uuid[])`))
    .$if(filter.registerId !== undefined, (qb) => qb.where('s.register_id', '=', filter.registerId!))
    .$if(filter.companyIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`s.company_id = any(${filter.companyIds}::uuid[])`),
    )
    .$if(filter.startDay !== undefined, (qb) => qb.where('s.business_day', '>=', filter.startDay!))
    .$if(filter.endDay !== undefined, (qb) => qb.where('s.business_day', '<=', filter.endDay!))
    .orderBy('s.closing_date', 'desc')
    .execute();
}
export type ServiceListRow = Awaited<ReturnType<typeof listServices>>[number];

export interface OrderFilter {
  ids?: string[];
  serviceIds?: string[];
  registerId?: string;
  startDay?: string;
  endDay?: string;
}

export function listOrders(db: Db, scope: FiscalScope, filter: OrderFilter) {
  return db
    .selectFrom('orders as o')
    .selectAll('o')
    .select(sql<number>`(select count(*) from order_lines l where l.order_id = o.id)::int`.as('lines_count'))
    .where(inScope('o', scope))
    .$if(filter.ids !== undefined, (qb) => qb.where(sql<SqlBool>`o.id = any(${filter.ids}::uuid[])`))
    .$if(filter.serviceIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`o.service_id = any(${filter.serviceIds}::uuid[])`),
    )
    .$if(filter.registerId !== undefined, (qb) => qb.where('o.register_id', '=', filter.registerId!))
    .$if(filter.startDay !== undefined, (qb) => qb.where('o.business_day', '>=', filter.startDay!))
    .$if(filter.endDay !== undefined, (qb) => qb.where('o.business_day', '<=', filter.endDay!))
    .orderBy('o.closing_date')
    .orderBy('o.number')
    .execute();
}
export type OrderListRow = Awaited<ReturnType<typeof listOrders>>[number];

const staffName = (alias: string) =>
  sql<string>`coalesce(trim(${sql.ref(`${alias}.firstname`)} || ' ' || ${sql.ref(`${alias}.lastname`)}), '')`;

export interface LineFilter {
  orderIds?: string[];
  ids?: string[];
}

export function listOrderLines(db: Db, scope: FiscalScope, filter: LineFilter) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('pos_staff as st', 'st.id', 'l.user_id')
    .selectAll('l')
    .select([
      'o.app_version',
      'o.global_discount as order_global_discount',
      'p.price as product_price',
      staffName('st').as('user_name'),
    ])
    .where(inScope('l', scope))
    .$if(filter.orderIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`l.order_id = any(${filter.orderIds}::uuid[])`),
    )
    .$if(filter.ids !== undefined, (qb) => qb.where(sql<SqlBool>`l.id = any(${filter.ids}::uuid[])`))
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
}
export type OrderLineListRow = Awaited<ReturnType<typeof listOrderLines>>[number];

export function listPaymentLines(db: Db, scope: FiscalScope, filter: LineFilter) {
  return db
    .selectFrom('payment_lines as pl')
    .innerJoin('orders as o', 'o.id', 'pl.order_id')
    .leftJoin('pos_staff as st', 'st.id', 'pl.user_id')
    .selectAll('pl')
    .select(['o.app_version', staffName('st').as('user_name')])
    .where(inScope('pl', scope))
    .$if(filter.orderIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`pl.order_id = any(${filter.orderIds}::uuid[])`),
    )
    .$if(filter.ids !== undefined, (qb) => qb.where(sql<SqlBool>`pl.id = any(${filter.ids}::uuid[])`))
    .orderBy('pl.paid_at')
    .orderBy('pl.id')
    .execute();
}
export type PaymentLineListRow = Awaited<ReturnType<typeof listPaymentLines>>[number];
