import { addCalendarDays, parseParisDateTime } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import { listRegisters } from './fiscal-cash.repository';
import { listOrders, listServices, type ServiceListRow } from './fiscal-orders.repository';
import { listReceipts } from './fiscal-prints.repository';
import { fiscalError } from './fiscal.errors';
import type { FiscalScope, InstantRange } from './fiscal.repository';

export type { FiscalScope } from './fiscal.repository';

/** objectId is free text (history names any table's id); the other kinds' objects have uuid ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function scopeOf(ctx: RequestContext): FiscalScope {
  return { accountId: ctx.accountId, companyIds: ctx.companyIds };
}

export function assertPeriod(startDate: string | undefined, endDate: string | undefined): void {
  if (startDate !== undefined && endDate !== undefined && startDate > endDate) {
    throw fiscalError('INVALID_PERIOD');
  }
}

/** The Paris business days `startDay`..`endDay` as instants: midnight to the midnight after. */
export function instantRange(startDay: string, endDay: string): InstantRange {
  return {
    from: parseParisDateTime(`${startDay} 00:00`)!,
    to: parseParisDateTime(`${addCalendarDays(endDay, 1)} 00:00`)!,
  };
}

export async function requireService(db: Db, scope: FiscalScope, id: string): Promise<ServiceListRow> {
  if (!UUID.test(id)) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  const [service] = await listServices(db, scope, { ids: [id] });
  if (!service) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return service;
}

export async function requireOrder(db: Db, scope: FiscalScope, id: string) {
  const [order] = await listOrders(db, scope, { ids: [id] });
  if (!order) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return order;
}

export async function requireReceipt(db: Db, scope: FiscalScope, id: string) {
  const [receipt] = await listReceipts(db, scope, { ids: [id] });
  if (!receipt) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return receipt;
}

export async function requireRegister(db: Db, scope: FiscalScope, id: string) {
  const [register] = await listRegisters(db, scope, id);
  if (!register) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return register;
}
