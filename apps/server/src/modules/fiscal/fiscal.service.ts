import {
  CLOSURE_TYPE_ALL,
  FISCAL_PERIOD_FIRST_DAY,
  fiscalPeriodLastDay,
  type ClosureByIdResponse,
  type ClosureDetail,
  type ClosureListQuery,
  type ClosureListResponse,
  type ControlStripRowsResponse,
  type FiscalClosure,
  type TechnicalInterventionListResponse,
  type TechnicalInterventionQuery,
  type TechnicalInterventionRow,
  type TrackingKind,
  type TrackingQuery,
  type TrackingResponse,
  type TrackingServerQuery,
  type TrackingServerResponse,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { addDays, parisDay, parseParisDateTime } from '../../platform/dates';
import type { RequestContext } from '../../platform/request-context';
import { fiscalError } from './fiscal.errors';
import {
  cashMovementToFiscal,
  closureTaxes,
  controlStripToFiscal,
  creditToFiscal,
  interventionToFiscal,
  orderLineToFiscal,
  orderToFiscal,
  paymentLineToFiscal,
  receiptDetailTaxToFiscal,
  receiptDetailToFiscal,
  receiptToFiscal,
  registerClosureToClosure,
  registerToFiscal,
  serverClosureToClosure,
  serviceToFiscal,
  trackingToFiscal,
} from './fiscal.mapping';
import * as repo from './fiscal.repository';
import type {
  FiscalScope,
  InstantRange,
  OrderListRow,
  ReceiptListRow,
  ServiceListRow,
  TrackingListRow,
} from './fiscal.repository';
import { findErroneousTrackingRows } from './tracking-check';

export type { FiscalScope } from './fiscal.repository';

/** Days a list answers when no filter scopes it. */
const DEFAULT_LIST_DAYS = 31;
/** objectId is free text (history names any table's id); the other kinds' objects have uuid ids. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function scopeOf(ctx: RequestContext): FiscalScope {
  return { accountId: ctx.accountId, companyIds: ctx.companyIds };
}

function assertPeriod(startDate: string | undefined, endDate: string | undefined): void {
  if (startDate !== undefined && endDate !== undefined && startDate > endDate) {
    throw fiscalError('INVALID_PERIOD');
  }
}

/** The Paris business days `startDay`..`endDay` as instants: midnight to the midnight after. */
function instantRange(startDay: string, endDay: string): InstantRange {
  return {
    from: parseParisDateTime(`${startDay} 00:00`)!,
    to: parseParisDateTime(`${addDays(endDay, 1)} 00:00`)!,
  };
}

const byClosingDesc = (a: FiscalClosure, b: FiscalClosure) =>
  b.end_date.localeCompare(a.end_date) ||
  (b.closing_date ?? '').localeCompare(a.closing_date ?? '') ||
  a.type - b.type;

// ---------------------------------------------------------------- rows of a printed document

/** The rows data-host prints (Z report, ticket, receipt), read within the scope like the lists. */
export const documentRows = {
  async closure(db: Db, scope: FiscalScope, closureId: string) {
    const [closure] = await repo.listRegisterClosures(db, scope, { ids: [closureId] });
    return closure;
  },
  async order(db: Db, scope: FiscalScope, orderId: string) {
    const [order] = await repo.listOrders(db, scope, { ids: [orderId] });
    return order;
  },
  /** A ticket's lines, payments, service and the order it cancels. */
  async ofOrder(db: Db, scope: FiscalScope, order: OrderListRow) {
    const [lines, payments, [service], cancelled] = await Promise.all([
      repo.listOrderLines(db, scope, { orderIds: [order.id] }),
      repo.listPaymentLines(db, scope, { orderIds: [order.id] }),
      repo.listServices(db, scope, { ids: [order.service_id] }),
      order.cancels_order_id ? repo.listOrders(db, scope, { ids: [order.cancels_order_id] }) : [],
    ]);
    return { lines, payments, service, cancelled: cancelled[0] };
  },
  async receipt(db: Db, scope: FiscalScope, receiptId: string) {
    const [receipt] = await repo.listReceipts(db, scope, { ids: [receiptId] });
    return receipt;
  },
  /** A receipt's details, taxes per rate and its order. */
  async ofReceipt(db: Db, scope: FiscalScope, receipt: ReceiptListRow) {
    const [details, taxes, [order]] = await Promise.all([
      repo.listReceiptDetails(db, scope, { receiptId: receipt.id }),
      repo.listReceiptDetailTaxes(db, scope, receipt.id),
      repo.listOrders(db, scope, { ids: [receipt.order_id] }),
    ]);
    return { details, taxes, order };
  },
};

// ---------------------------------------------------------------- closures

export async function listClosures(
  db: Db,
  ctx: RequestContext,
  query: ClosureListQuery,
): Promise<ClosureListResponse> {
  assertPeriod(query.startDate, query.endDate);
  const scope = scopeOf(ctx);
  if (scope.companyIds.length === 0) return { closures: [] };
  const filter = {
    startDay: query.startDate,
    endDay: query.endDate,
    ...(query.type === CLOSURE_TYPE_ALL ? {} : { type: query.type }),
  };
  const [pos, server] = await Promise.all([
    repo.listRegisterClosures(db, scope, filter),
    repo.listServerClosures(db, scope, filter),
  ]);
  return {
    closures: [...pos.map(registerClosureToClosure), ...server.map(serverClosureToClosure)].sort(
      byClosingDesc,
    ),
  };
}

/** The closures in full, in the order asked; 404 when one is not the caller's. */
export async function closuresById(db: Db, ctx: RequestContext, ids: string[]): Promise<ClosureByIdResponse> {
  const scope = scopeOf(ctx);
  const wanted = [...new Set(ids)];
  if (scope.companyIds.length === 0) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  const [pos, server] = await Promise.all([
    repo.listRegisterClosures(db, scope, { ids: wanted }),
    repo.listServerClosures(db, scope, { ids: wanted }),
  ]);
  if (pos.length + server.length < wanted.length) throw fiscalError('FISCAL_RECORD_NOT_FOUND');

  const serviceIds = [...new Set(pos.flatMap((c) => c.service_ids))];
  const posServices = serviceIds.length > 0 ? await repo.listServices(db, scope, { ids: serviceIds }) : [];
  const serviceById = new Map(posServices.map((s) => [s.id, s]));
  const details = new Map<string, ClosureDetail>();
  for (const row of pos) {
    const services = row.service_ids
      .map((id) => serviceById.get(id))
      .filter((s): s is ServiceListRow => s !== undefined)
      .sort((a, b) => a.opening_date.getTime() - b.opening_date.getTime());
    details.set(row.id, {
      ...registerClosureToClosure(row),
      services: services.map(serviceToFiscal),
      vat: closureTaxes(row.taxes),
    });
  }
  for (const row of server) {
    const services = await repo.listServices(db, scope, {
      companyIds: [row.company_id],
      startDay: row.start_day,
      endDay: row.end_day,
    });
    details.set(row.id, {
      ...serverClosureToClosure(row),
      services: services.reverse().map(serviceToFiscal),
      vat: closureTaxes(row.taxes),
    });
  }
  return { closures: wanted.map((id) => details.get(id)!) };
}

// ---------------------------------------------------------------- objects the filters name

async function requireService(db: Db, scope: FiscalScope, id: string): Promise<ServiceListRow> {
  if (!UUID.test(id)) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  const [service] = await repo.listServices(db, scope, { ids: [id] });
  if (!service) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return service;
}

async function requireOrder(db: Db, scope: FiscalScope, id: string) {
  const [order] = await repo.listOrders(db, scope, { ids: [id] });
  if (!order) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return order;
}

async function requireReceipt(db: Db, scope: FiscalScope, id: string) {
  const [receipt] = await repo.listReceipts(db, scope, { ids: [id] });
  if (!receipt) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return receipt;
}

async function requireRegister(db: Db, scope: FiscalScope, id: string) {
  const [register] = await repo.listRegisters(db, scope, id);
  if (!register) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return register;
}

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
    order: () => repo.listOrders(db, scope, { ids: [id] }),
    order_line: () => repo.listOrderLines(db, scope, { ids: [id] }),
    payment_line: () => repo.listPaymentLines(db, scope, { ids: [id] }),
    service: () => repo.listServices(db, scope, { ids: [id] }),
    receipt: () => repo.listReceipts(db, scope, { ids: [id] }),
    cash_register: () => repo.listRegisters(db, scope, id),
  };
  const lookup = lookups[tableName];
  if (!lookup) return null;
  return isUuid && (await lookup()).length > 0;
}

// ---------------------------------------------------------------- tracking/{kind}

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
  const endDay = parisDay(now);
  return { startDay: addDays(endDay, 1 - DEFAULT_LIST_DAYS), endDay };
}

async function withErrors(db: Db, scope: FiscalScope, rows: TrackingListRow[]) {
  const erroneous = await findErroneousTrackingRows(db, scope, rows);
  return rows.map((row) => trackingToFiscal(row, erroneous.has(row.id)));
}

/** Ids of everything a service holds that carries tracking: the service, its orders, movements, credits. */
async function recordIdsOfService(db: Db, scope: FiscalScope, serviceId: string): Promise<string[]> {
  const [orders, movements, credits] = await Promise.all([
    repo.listOrders(db, scope, { serviceIds: [serviceId] }),
    repo.listCashMovements(db, scope, { serviceIds: [serviceId] }),
    repo.listCredits(db, scope, { serviceIds: [serviceId] }),
  ]);
  return [serviceId, ...orders.map((o) => o.id), ...movements.map((m) => m.id), ...credits.map((c) => c.id)];
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
      const rows = await repo.listServices(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(serviceToFiscal) };
    }
    case 'commandes': {
      if (query.orderId !== undefined) {
        return { kind, rows: [orderToFiscal(await requireOrder(db, scope, query.orderId))] };
      }
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await repo.listOrders(db, scope, { serviceIds: [query.objectId] });
        return { kind, rows: rows.map(orderToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await repo.listOrders(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(orderToFiscal) };
    }
    case 'order': {
      let recordIds: string[];
      if (query.orderId !== undefined) {
        await requireOrder(db, scope, query.orderId);
        recordIds = [query.orderId];
      } else if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        recordIds = (await repo.listOrders(db, scope, { serviceIds: [query.objectId] })).map((o) => o.id);
      } else {
        throw fiscalError('FILTER_REQUIRED');
      }
      const rows =
        recordIds.length > 0 ? await repo.listTracking(db, scope, { recordIds, recordKind: 'order' }) : [];
      return { kind, rows: await withErrors(db, scope, rows) };
    }
    case 'order-line': {
      if (query.objectId !== undefined) {
        const ids = UUID.test(query.objectId) ? [query.objectId] : [];
        const rows = nonEmpty(ids.length > 0 ? await repo.listOrderLines(db, scope, { ids }) : []);
        return { kind, rows: rows.map(orderLineToFiscal) };
      }
      if (query.orderId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireOrder(db, scope, query.orderId);
      const rows = await repo.listOrderLines(db, scope, { orderIds: [query.orderId] });
      return { kind, rows: rows.map(orderLineToFiscal) };
    }
    case 'payment-line': {
      if (query.objectId !== undefined) {
        const ids = UUID.test(query.objectId) ? [query.objectId] : [];
        const rows = nonEmpty(ids.length > 0 ? await repo.listPaymentLines(db, scope, { ids }) : []);
        return { kind, rows: rows.map(paymentLineToFiscal) };
      }
      if (query.orderId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireOrder(db, scope, query.orderId);
      const rows = await repo.listPaymentLines(db, scope, { orderIds: [query.orderId] });
      return { kind, rows: rows.map(paymentLineToFiscal) };
    }
    case 'receipt': {
      if (query.receiptId !== undefined) {
        return { kind, rows: [receiptToFiscal(await requireReceipt(db, scope, query.receiptId))] };
      }
      if (query.orderId !== undefined) {
        await requireOrder(db, scope, query.orderId);
        const rows = await repo.listReceipts(db, scope, { orderId: query.orderId });
        return { kind, rows: rows.map(receiptToFiscal) };
      }
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await repo.listReceipts(db, scope, { serviceId: query.objectId });
        return { kind, rows: rows.map(receiptToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await repo.listReceipts(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(receiptToFiscal) };
    }
    case 'receipt-detail': {
      if (query.receiptDetailId !== undefined) {
        const rows = nonEmpty(await repo.listReceiptDetails(db, scope, { id: query.receiptDetailId }));
        return { kind, rows: rows.map(receiptDetailToFiscal) };
      }
      if (query.receiptId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireReceipt(db, scope, query.receiptId);
      const rows = await repo.listReceiptDetails(db, scope, { receiptId: query.receiptId });
      return { kind, rows: rows.map(receiptDetailToFiscal) };
    }
    case 'receipt-detail-tax': {
      if (query.receiptId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireReceipt(db, scope, query.receiptId);
      const rows = await repo.listReceiptDetailTaxes(db, scope, query.receiptId);
      return { kind, rows: rows.map(receiptDetailTaxToFiscal) };
    }
    case 'cash-register-variation': {
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await repo.listCashMovements(db, scope, { serviceIds: [query.objectId] });
        return { kind, rows: rows.map(cashMovementToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await repo.listCashMovements(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(cashMovementToFiscal) };
    }
    case 'credit': {
      if (query.objectId !== undefined) {
        await requireService(db, scope, query.objectId);
        const rows = await repo.listCredits(db, scope, { serviceIds: [query.objectId] });
        return { kind, rows: rows.map(creditToFiscal) };
      }
      if (query.orderId !== undefined) {
        await requireOrder(db, scope, query.orderId);
        const rows = await repo.listCredits(db, scope, { orderId: query.orderId });
        return { kind, rows: rows.map(creditToFiscal) };
      }
      const days = daysOf(query, false, now);
      const rows = await repo.listCredits(db, scope, { ...registerFilter, ...days });
      return { kind, rows: rows.map(creditToFiscal) };
    }
    case 'history': {
      if (query.objectId === undefined) throw fiscalError('FILTER_REQUIRED');
      if (query.tableName !== undefined) {
        const exists = await objectExists(db, scope, query.tableName, query.objectId);
        if (exists === false) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
      }
      const rows = await repo.listTracking(db, scope, {
        tableId: query.objectId,
        ...(query.tableName !== undefined ? { tableName: query.tableName } : {}),
      });
      return { kind, rows: await withErrors(db, scope, rows) };
    }
    case 'fullhistory': {
      if (query.objectId === undefined) throw fiscalError('FILTER_REQUIRED');
      await requireService(db, scope, query.objectId);
      const recordIds = await recordIdsOfService(db, scope, query.objectId);
      const rows = await repo.listTracking(db, scope, { recordIds });
      return { kind, rows: await withErrors(db, scope, rows) };
    }
    case 'cash-register': {
      const rows = await repo.listRegisters(db, scope, query.cashRegisterId);
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
  const rows = await repo.listTracking(db, scope, {
    source: 'server',
    range: instantRange(query.startDate, query.endDate),
  });
  return { rows: rows.map((row) => trackingToFiscal(row, false)) };
}

// ---------------------------------------------------------------- control strips and interventions

export async function controlStripOfShift(
  db: Db,
  ctx: RequestContext,
  serviceId: string,
): Promise<ControlStripRowsResponse> {
  const scope = scopeOf(ctx);
  await requireService(db, scope, serviceId);
  const rows = await repo.listControlStripRows(db, scope, { serviceId });
  return { rows: rows.map(controlStripToFiscal) };
}

export async function controlStripOfSale(
  db: Db,
  ctx: RequestContext,
  orderId: string,
): Promise<ControlStripRowsResponse> {
  const scope = scopeOf(ctx);
  await requireOrder(db, scope, orderId);
  const rows = await repo.listControlStripRows(db, scope, { salesDocumentId: orderId });
  return { rows: rows.map(controlStripToFiscal) };
}

export async function technicalInterventions(
  db: Db,
  ctx: RequestContext,
  query: TechnicalInterventionQuery,
): Promise<TechnicalInterventionListResponse> {
  assertPeriod(query.startDate, query.endDate);
  const scope = scopeOf(ctx);
  const filter: repo.InterventionFilter = {};
  if (query.cashRegisterId !== undefined) {
    await requireRegister(db, scope, query.cashRegisterId);
    filter.registerId = query.cashRegisterId;
  }
  if (query.objectId !== undefined) filter.tableId = query.objectId;
  if (query.serviceId !== undefined) {
    const service = await requireService(db, scope, query.serviceId);
    const since = await repo.previousServiceClosing(db, scope, service);
    filter.during = { registerId: service.register_id, from: since ?? new Date(0), to: service.closing_date };
  }
  if (query.startDate !== undefined || query.endDate !== undefined) {
    filter.range = instantRange(
      query.startDate ?? FISCAL_PERIOD_FIRST_DAY,
      query.endDate ?? fiscalPeriodLastDay(),
    );
  }
  const rows = await repo.listTechnicalInterventions(db, scope, filter);
  return { rows: rows.map(interventionToFiscal) };
}

export async function technicalIntervention(
  db: Db,
  ctx: RequestContext,
  id: string,
): Promise<TechnicalInterventionRow> {
  const [row] = await repo.listTechnicalInterventions(db, scopeOf(ctx), { id });
  if (!row) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return interventionToFiscal(row);
}
