import type { PdfTargetQuery } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { listRegisterClosures } from './fiscal-closures.repository';
import {
  listOrderLines,
  listOrders,
  listPaymentLines,
  listServices,
  type OrderListRow,
} from './fiscal-orders.repository';
import {
  listReceiptDetails,
  listReceiptDetailTaxes,
  listReceipts,
  type ReceiptListRow,
} from './fiscal-prints.repository';
import { findSignedRecords } from './fiscal-tracking.repository';
import type { FiscalScope } from './fiscal.repository';

/** The rows data-host prints (Z report, ticket, receipt), read within the scope like the lists. */
export const documentRows = {
  async closure(db: Db, scope: FiscalScope, closureId: string) {
    const [closure] = await listRegisterClosures(db, scope, { ids: [closureId] });
    return closure;
  },
  /** The registers' daily closures (Z) of one establishment whose day is from `firstDay` to `lastDay`. */
  async dailyClosures(db: Db, scope: FiscalScope, companyId: string, firstDay: string, lastDay: string) {
    const closures = await listRegisterClosures(
      db,
      { ...scope, companyIds: scope.companyIds.filter((id) => id === companyId) },
      { startDay: firstDay, endDay: lastDay, type: 1 },
    );
    return closures.reverse();
  },
  async order(db: Db, scope: FiscalScope, orderId: string) {
    const [order] = await listOrders(db, scope, { ids: [orderId] });
    return order;
  },
  /** A ticket's lines, payments, service and the order it cancels. */
  async ofOrder(db: Db, scope: FiscalScope, order: OrderListRow) {
    const [lines, payments, [service], cancelled] = await Promise.all([
      listOrderLines(db, scope, { orderIds: [order.id] }),
      listPaymentLines(db, scope, { orderIds: [order.id] }),
      listServices(db, scope, { ids: [order.service_id] }),
      order.cancels_order_id ? listOrders(db, scope, { ids: [order.cancels_order_id] }) : [],
    ]);
    return { lines, payments, service, cancelled: cancelled[0] };
  },
  async receipt(db: Db, scope: FiscalScope, receiptId: string) {
    const [receipt] = await listReceipts(db, scope, { ids: [receiptId] });
    return receipt;
  },
  /** A receipt's details, taxes per rate, its order and the register's signature of the print. */
  async ofReceipt(db: Db, scope: FiscalScope, receipt: ReceiptListRow) {
    const [details, taxes, [order], [signed]] = await Promise.all([
      listReceiptDetails(db, scope, { receiptId: receipt.id }),
      listReceiptDetailTaxes(db, scope, receipt.id),
      listOrders(db, scope, { ids: [receipt.order_id] }),
      findSignedRecords(db, scope, 'receipt', [receipt.id]),
    ]);
    return { details, taxes, order, signature: signed?.sig };
  },
};

/**
 * Whether the caller's scope holds the document a PDF link would open: pdf-data signs links only for
 * documents the caller's fiscal lists show (a sub-user's establishments). A missing id passes: the
 * data host answers PDF_TARGET_REQUIRED.
 */
export async function isPdfTargetReadable(
  db: Db,
  scope: FiscalScope,
  target: PdfTargetQuery,
): Promise<boolean> {
  switch (target.action) {
    case 'ticket':
      return (
        target.order_id === undefined || (await documentRows.order(db, scope, target.order_id)) !== undefined
      );
    case 'receipt':
      return (
        target.receipt_id === undefined ||
        (await documentRows.receipt(db, scope, target.receipt_id)) !== undefined
      );
    case 'z':
      if (target.closure_id !== undefined) {
        return (await documentRows.closure(db, scope, target.closure_id)) !== undefined;
      }
      return (
        target.service_id === undefined ||
        (await listServices(db, scope, { ids: [target.service_id] })).length > 0
      );
    case 'incidents':
      return true;
  }
}
