import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, type FiscalScope } from './fiscal.repository';

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
