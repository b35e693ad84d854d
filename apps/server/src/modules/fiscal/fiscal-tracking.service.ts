// Over 400 lines: the tracking tree's two reads (the registers' levels and the server's chain), which walk the same levels.
import { addCalendarDays, parisDayOf } from '@comptoir/contracts';
import type {
  FiscalTrackingEntry,
  TrackingKind,
  TrackingQuery,
  TrackingResponse,
  TrackingServerQuery,
  TrackingServerResponse,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import { listCashMovements, listCredits, listRegisters } from './fiscal-cash.repository';
import {
  listOrderLines,
  listOrders,
  listPaymentLines,
  listServices,
  type OrderLineListRow,
  type PaymentLineListRow,
} from './fiscal-orders.repository';
import {
  listReceiptDetails,
  listReceiptDetailTaxes,
  listReceipts,
  type ReceiptListRow,
} from './fiscal-prints.repository';
import { listTracking, type TrackingListRow } from './fiscal-tracking.repository';
import { fiscalError } from './fiscal.errors';
import {
  cashMovementToFiscal,
  creditToFiscal,
  orderLineToFiscal,
  orderToFiscal,
  paymentLineToFiscal,
  rateOf,
  receiptDetailTaxToFiscal,
  receiptDetailToFiscal,
  receiptToFiscal,
  registerToFiscal,
  serviceToFiscal,
  trackingToFiscal,
} from './fiscal.mapping';
import type { FiscalScope } from './fiscal.repository';
import {
  assertPeriod,
  instantRange,
  requireOrder,
  requireReceipt,
  requireRegister,
  requireService,
  scopeOf,
  UUID,
} from './fiscal.service';
import { findErroneousTrackingRows } from './tracking-check';

/** Days a list answers when no filter scopes it. */
const DEFAULT_LIST_DAYS = 31;

function nonEmpty<T>(rows: T[]): T[] {
  if (rows.length === 0) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return rows;
}

/** Tables whose rows a `history` call may name, to answer 404 for an id the caller cannot read. */
async function objectExists(
  db: Db,
  scope: FiscalScope,
  tableName: string,
  id: string,
): Promise<boolean | null> {
  const isUuid = UUID.test(id);
  const lookups: Record<string, () => Promise<unknown[]>> = {
    order: () => listOrders(db, scope, { ids: [id] }),
    order_line: () => listOrderLines(db, scope, { ids: [id] }),
    payment_line: () => listPaymentLines(db, scope, { ids: [id] }),
    service: () => listServices(db, scope, { ids: [id] }),
    receipt: () => listReceipts(db, scope, { ids: [id] }),
    cash_register: () => listRegisters(db, scope, id),
  };
  const lookup = lookups[tableName];
  if (!lookup) return null;
  return isUuid && (await lookup()).length > 0;
}

interface DayFilter {
  startDay?: string;
  endDay?: string;
}

/** The dates asked, or the last 31 days when nothing else scopes a list. */
function daysOf(query: TrackingQuery, isScoped: boolean, now: Date): DayFilter {
  if (query.startDate !== undefined || query.endDate !== undefined || isScoped) {
    return {
      ...(query.startDate !== undefined ? { startDay: query.startDate } : {}),
      ...(query.endDate !== undefined ? { endDay: query.endDate } : {}),
    };
  }
  const endDay = parisDayOf(now);
  return { startDay: addCalendarDays(endDay, 1 - DEFAULT_LIST_DAYS), endDay };
}

async function withErrors(db: Db, scope: FiscalScope, rows: TrackingListRow[]) {
  const erroneous = await findErroneousTrackingRows(db, scope, rows);
  return rows.map((row) => trackingToFiscal(row, erroneous.has(row.id)));
}

/** Ids of everything a service holds that carries tracking: the service, its orders, movements, credits. */
async function recordIdsOfService(db: Db, scope: FiscalScope, serviceId: string): Promise<string[]> {
  const [orders, movements, credits] = await Promise.all([
    listOrders(db, scope, { serviceIds: [serviceId] }),
    listCashMovements(db, scope, { serviceIds: [serviceId] }),
    listCredits(db, scope, { serviceIds: [serviceId] }),
  ]);
  return [serviceId, ...orders.map((o) => o.id), ...movements.map((m) => m.id), ...credits.map((c) => c.id)];
}

/** The values a derived creation row names, as `key=value` (amounts in cents), in the spec's key names. */
function valuesText(values: Record<string, string | number | boolean | null>, changedLater: Set<string>) {
  return Object.entries(values)
    .filter(([key]) => !changedLater.has(key))
    .map(([key, value]) => `${key}=${value ?? ''}`)
    .join('; ');
}

interface Created {
  tableName: 'order_line' | 'payment_line' | 'receipt';
  id: string;
  at: Date;
  recordKind: 'order' | 'receipt';
  recordId: string;
  registerId: string | null;
  appVersion: string | null;
  values: Record<string, string | number | boolean | null>;
}

const lineCreated = (l: OrderLineListRow): Omit<Created, 'registerId'> => ({
  tableName: 'order_line',
  id: l.id,
  at: l.created_at,
  recordKind: 'order',
  recordId: l.order_id,
  appVersion: l.app_version,
  values: {
    id_order: l.order_id,
    product_name: l.product_name,
    quantity: l.quantity,
    standardPrice: l.standard_price,
    price: l.price,
    discount: l.discount,
    offered: l.offered,
    taxe_rate: rateOf(l.vat_rate),
  },
});

const paymentCreated = (p: PaymentLineListRow): Omit<Created, 'registerId'> => ({
  tableName: 'payment_line',
  id: p.id,
  at: p.paid_at,
  recordKind: 'order',
  recordId: p.order_id,
  appVersion: p.app_version,
  values: { id_order: p.order_id, name: p.payment_name, amount: p.amount, tip: p.tip, device: p.device },
});

const receiptCreated = (r: ReceiptListRow): Created => ({
  tableName: 'receipt',
  id: r.id,
  at: r.printed_at,
  recordKind: 'receipt',
  recordId: r.id,
  registerId: r.register_id,
  appVersion: r.app_version,
  values: {
    id_order: r.order_id,
    name: r.name,
    number: r.number,
    print_try: r.print_try,
    printed: r.printed,
  },
});

/**
 * What the detail of an order line, a payment line or a receipt was created as. Registers trace
 * only changes of a line (its creation is the order's signed record itself) and a print carries no
 * tracking at all, so their creation row is derived from the stored record: at its own instant,
 * carried by the signed record that holds it, with its values (less those a later row changes).
 */
async function findCreated(
  db: Db,
  scope: FiscalScope,
  tableName: string | undefined,
  id: string,
): Promise<Created | null> {
  if (!UUID.test(id)) return null;
  const wants = (name: Created['tableName']) => tableName === undefined || tableName === name;
  const [lines, payments, receipts] = await Promise.all([
    wants('order_line') ? listOrderLines(db, scope, { ids: [id] }) : [],
    wants('payment_line') ? listPaymentLines(db, scope, { ids: [id] }) : [],
    wants('receipt') ? listReceipts(db, scope, { ids: [id] }) : [],
  ]);
  if (receipts[0]) return receiptCreated(receipts[0]);
  const ofOrder = lines[0] ? lineCreated(lines[0]) : payments[0] ? paymentCreated(payments[0]) : null;
  if (!ofOrder) return null;
  const [order] = await listOrders(db, scope, { ids: [ofOrder.recordId] });
  return { ...ofOrder, registerId: order?.register_id ?? null };
}

/** The object's own rows, led by its derived creation when the register did not trace one. */
function withCreation(rows: FiscalTrackingEntry[], created: Created | null): FiscalTrackingEntry[] {
  if (!created || rows.some((r) => r.action === 'create' && r.table_name === created.tableName)) return rows;
  const changedLater = new Set(rows.flatMap((r) => (r.action === 'update' && r.key_ ? [r.key_] : [])));
  const creation: FiscalTrackingEntry = {
    id: created.id,
    action: 'create',
    key_: null,
    value: valuesText(created.values, changedLater),
    table_id: created.id,
    table_name: created.tableName,
    timestamp: created.at.toISOString(),
    source: 'pos',
    app_version: created.appVersion,
    comment: null,
    record_kind: created.recordKind,
    record_id: created.recordId,
    registerId: created.registerId,
    isError: false,
  };
  return [creation, ...rows];
}

export async function tracking(
  db: Db,
  ctx: RequestContext,
  kind: TrackingKind,
  query: TrackingQuery,
  now: Date = new Date(),
): Promise<TrackingResponse> {
  assertPeriod(query.startDate, query.endDate);
  const scope = scopeOf(ctx);
  if (query.cashRegisterId !== undefined) await requireRegister(db, scope, query.cashRegisterId);
  const registerFilter = query.cashRegisterId !== undefined ? { registerId: query.cashRegisterId } : {};

  switch (kind) {
    case 'services': {
      if (query.objectId !== undefined) {
        const service = await requireService(db, scope, query.objectId);
        return { kind, rows: [serviceToFiscal(service)] };
      }
      const days = daysOf(query, query.cashRegisterId !== undefined, now);
      const rows = await listServices(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(serviceToFiscal) };
    }
    case 'commandes': {
      if (query.orderId !== undefined) {
        return { kind, rows: [orderToFiscal(await requireOrder(db, scope, query.orderId))] };
      }
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await listOrders(db, scope, { serviceIds: [query.objectId] });
        return { kind, rows: rows.map(orderToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await listOrders(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(orderToFiscal) };
    }
    case 'order': {
      let recordIds: string[];
      if (query.orderId !== undefined) {
        await requireOrder(db, scope, query.orderId);
        recordIds = [query.orderId];
      } else if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        recordIds = (await listOrders(db, scope, { serviceIds: [query.objectId] })).map((o) => o.id);
      } else {
        throw fiscalError('FILTER_REQUIRED');
      }
      const rows =
        recordIds.length > 0 ? await listTracking(db, scope, { recordIds, recordKind: 'order' }) : [];
      return { kind, rows: await withErrors(db, scope, rows) };
    }
    case 'order-line': {
      if (query.objectId !== undefined) {
        const ids = UUID.test(query.objectId) ? [query.objectId] : [];
        const rows = nonEmpty(ids.length > 0 ? await listOrderLines(db, scope, { ids }) : []);
        return { kind, rows: rows.map(orderLineToFiscal) };
      }
      if (query.orderId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireOrder(db, scope, query.orderId);
      const rows = await listOrderLines(db, scope, { orderIds: [query.orderId] });
      return { kind, rows: rows.map(orderLineToFiscal) };
    }
    case 'payment-line': {
      if (query.objectId !== undefined) {
        const ids = UUID.test(query.objectId) ? [query.objectId] : [];
        const rows = nonEmpty(ids.length > 0 ? await listPaymentLines(db, scope, { ids }) : []);
        return { kind, rows: rows.map(paymentLineToFiscal) };
      }
      if (query.orderId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireOrder(db, scope, query.orderId);
      const rows = await listPaymentLines(db, scope, { orderIds: [query.orderId] });
      return { kind, rows: rows.map(paymentLineToFiscal) };
    }
    case 'receipt': {
      if (query.receiptId !== undefined) {
        return { kind, rows: [receiptToFiscal(await requireReceipt(db, scope, query.receiptId))] };
      }
      if (query.orderId !== undefined) {
        await requireOrder(db, scope, query.orderId);
        const rows = await listReceipts(db, scope, { orderId: query.orderId });
        return { kind, rows: rows.map(receiptToFiscal) };
      }
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await listReceipts(db, scope, { serviceId: query.objectId });
        return { kind, rows: rows.map(receiptToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await listReceipts(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(receiptToFiscal) };
    }
    case 'receipt-detail': {
      if (query.receiptDetailId !== undefined) {
        const rows = nonEmpty(await listReceiptDetails(db, scope, { id: query.receiptDetailId }));
        return { kind, rows: rows.map(receiptDetailToFiscal) };
      }
      if (query.receiptId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireReceipt(db, scope, query.receiptId);
      const rows = await listReceiptDetails(db, scope, { receiptId: query.receiptId });
      return { kind, rows: rows.map(receiptDetailToFiscal) };
    }
    case 'receipt-detail-tax': {
      if (query.receiptId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireReceipt(db, scope, query.receiptId);
      const rows = await listReceiptDetailTaxes(db, scope, query.receiptId);
      return { kind, rows: rows.map(receiptDetailTaxToFiscal) };
    }
    case 'cash-register-variation': {
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await listCashMovements(db, scope, { serviceIds: [query.objectId] });
        return { kind, rows: rows.map(cashMovementToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await listCashMovements(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(cashMovementToFiscal) };
    }
    case 'credit': {
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await listCredits(db, scope, { serviceIds: [query.objectId] });
        return { kind, rows: rows.map(creditToFiscal) };
      }
      if (query.orderId !== undefined) {
        await requireOrder(db, scope, query.orderId);
        const rows = await listCredits(db, scope, { orderId: query.orderId });
        return { kind, rows: rows.map(creditToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await listCredits(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(creditToFiscal) };
    }
    case 'history': {
      if (query.objectId === undefined) throw fiscalError('FILTER_REQUIRED');
      if (query.tableName !== undefined) {
        const exists = await objectExists(db, scope, query.tableName, query.objectId);
        if (exists === false) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
      }
      const [rows, created] = await Promise.all([
        listTracking(db, scope, {
          tableId: query.objectId,
          ...(query.tableName !== undefined ? { tableName: query.tableName } : {}),
        }),
        findCreated(db, scope, query.tableName, query.objectId),
      ]);
      return { kind, rows: withCreation(await withErrors(db, scope, rows), created) };
    }
    case 'fullhistory': {
      if (query.objectId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireService(db, scope, query.objectId);
      const recordIds = await recordIdsOfService(db, scope, query.objectId);
      const rows = await listTracking(db, scope, { recordIds });
      return { kind, rows: await withErrors(db, scope, rows) };
    }
    case 'cash-register': {
      const rows = await listRegisters(db, scope, query.cashRegisterId);
      return { kind, rows: rows.map(registerToFiscal) };
    }
  }
}

/** Tracking rows the server wrote itself (source 'server') over the Paris days asked. */
export async function trackingServer(
  db: Db,
  ctx: RequestContext,
  query: TrackingServerQuery,
): Promise<TrackingServerResponse> {
  assertPeriod(query.startDate, query.endDate);
  const scope = scopeOf(ctx);
  const rows = await listTracking(db, scope, {
    source: 'server',
    range: instantRange(query.startDate, query.endDate),
  });
  return { rows: rows.map((row) => trackingToFiscal(row, false)) };
}
