import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';

/** Whose fiscal data a query reads: one account, and the establishments the caller may read in it. */
export interface FiscalScope {
  accountId: string;
  companyIds: string[];
}

/** Instants bounding Paris business days: `from` inclusive, `to` exclusive. */
export interface InstantRange {
  from: Date;
  to: Date;
}

/** `alias.account_id = scope.accountId and alias.company_id = any(scope.companyIds)`. */
function inScope(alias: string, scope: FiscalScope) {
  return sql<SqlBool>`${sql.ref(`${alias}.account_id`)} = ${scope.accountId}
    and ${sql.ref(`${alias}.company_id`)} = any(${scope.companyIds}::uuid[])`;
}

// ---------------------------------------------------------------- closures

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

// ---------------------------------------------------------------- services and orders

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

/** The services a register closure covers, as its record lists them. */
export async function serviceIdsOfClosures(db: Db, scope: FiscalScope, closureIds: string[]) {
  const rows = await db
    .selectFrom('closures as c')
    .select(['c.id', 'c.service_ids'])
    .where(inScope('c', scope))
    .where(sql<SqlBool>`c.id = any(${closureIds}::uuid[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, r.service_ids]));
}

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

// ---------------------------------------------------------------- prints

export interface ReceiptFilter {
  ids?: string[];
  orderId?: string;
  serviceId?: string;
  registerId?: string;
  startDay?: string;
  endDay?: string;
}

export function listReceipts(db: Db, scope: FiscalScope, filter: ReceiptFilter) {
  return db
    .selectFrom('receipts as rc')
    .innerJoin('orders as o', 'o.id', 'rc.order_id')
    .selectAll('rc')
    .select(
      sql<number>`(select count(*) from document_reprints d
        where d.document_kind = 'receipt' and d.document_id = rc.id)::int`.as('reprints'),
    )
    .where(inScope('rc', scope))
    .$if(filter.ids !== undefined, (qb) => qb.where(sql<SqlBool>`rc.id = any(${filter.ids}::uuid[])`))
    .$if(filter.orderId !== undefined, (qb) => qb.where('rc.order_id', '=', filter.orderId!))
    .$if(filter.serviceId !== undefined, (qb) => qb.where('rc.service_id', '=', filter.serviceId!))
    .$if(filter.registerId !== undefined, (qb) => qb.where('rc.register_id', '=', filter.registerId!))
    .$if(filter.startDay !== undefined, (qb) => qb.where('o.business_day', '>=', filter.startDay!))
    .$if(filter.endDay !== undefined, (qb) => qb.where('o.business_day', '<=', filter.endDay!))
    .orderBy('rc.printed_at')
    .orderBy('rc.number')
    .execute();
}
export type ReceiptListRow = Awaited<ReturnType<typeof listReceipts>>[number];

export function listReceiptDetails(db: Db, scope: FiscalScope, filter: { receiptId?: string; id?: string }) {
  return db
    .selectFrom('receipt_details as d')
    .selectAll('d')
    .where(inScope('d', scope))
    .$if(filter.receiptId !== undefined, (qb) => qb.where('d.receipt_id', '=', filter.receiptId!))
    .$if(filter.id !== undefined, (qb) => qb.where('d.id', '=', filter.id!))
    .orderBy('d.id')
    .execute();
}

export function listReceiptDetailTaxes(db: Db, scope: FiscalScope, receiptId: string) {
  return db
    .selectFrom('receipt_detail_taxes as t')
    .selectAll('t')
    .where(inScope('t', scope))
    .where('t.receipt_id', '=', receiptId)
    .orderBy('t.vat_rate')
    .execute();
}

// ---------------------------------------------------------------- cash movements and credits

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

// ---------------------------------------------------------------- tracking

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

// ---------------------------------------------------------------- control strips and interventions

export function listControlStripRows(
  db: Db,
  scope: FiscalScope,
  filter: { serviceId?: string; salesDocumentId?: string },
) {
  return db
    .selectFrom('control_strip_documents as d')
    .selectAll('d')
    .where(inScope('d', scope))
    .$if(filter.serviceId !== undefined, (qb) => qb.where('d.service_id', '=', filter.serviceId!))
    .$if(filter.salesDocumentId !== undefined, (qb) =>
      qb.where('d.sales_document_id', '=', filter.salesDocumentId!),
    )
    .orderBy('d.at')
    .orderBy('d.id')
    .execute();
}

/** When the register's service before this one closed: interventions since then belong to this one. */
export async function previousServiceClosing(
  db: Db,
  scope: FiscalScope,
  service: { register_id: string; opening_date: Date },
): Promise<Date | null> {
  const row = await db
    .selectFrom('services as s')
    .select(sql<Date | null>`max(s.closing_date)`.as('closing_date'))
    .where(inScope('s', scope))
    .where('s.register_id', '=', service.register_id)
    .where('s.closing_date', '<', service.opening_date)
    .executeTakeFirst();
  return row?.closing_date ?? null;
}

export interface InterventionFilter {
  id?: string;
  registerId?: string;
  tableId?: string;
  /** The service's register while it was open. */
  during?: { registerId: string; from: Date; to: Date };
  range?: InstantRange;
}

export function listTechnicalInterventions(db: Db, scope: FiscalScope, filter: InterventionFilter) {
  return db
    .selectFrom('technical_interventions as ti')
    .innerJoin('registers as r', 'r.id', 'ti.register_id')
    .selectAll('ti')
    .select('r.name as register_name')
    .where(inScope('ti', scope))
    .$if(filter.id !== undefined, (qb) => qb.where('ti.id', '=', filter.id!))
    .$if(filter.registerId !== undefined, (qb) => qb.where('ti.register_id', '=', filter.registerId!))
    .$if(filter.tableId !== undefined, (qb) => qb.where('ti.table_id', '=', filter.tableId!))
    .$if(filter.during !== undefined, (qb) =>
      qb
        .where('ti.register_id', '=', filter.during!.registerId)
        .where('ti.at', '>=', filter.during!.from)
        .where('ti.at', '<=', filter.during!.to),
    )
    .$if(filter.range !== undefined, (qb) =>
      qb.where('ti.at', '>=', filter.range!.from).where('ti.at', '<', filter.range!.to),
    )
    .orderBy('ti.at', 'desc')
    .execute();
}
export type InterventionListRow = Awaited<ReturnType<typeof listTechnicalInterventions>>[number];
