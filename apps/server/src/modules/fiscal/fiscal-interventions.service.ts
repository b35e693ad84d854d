import {
  FISCAL_PERIOD_FIRST_DAY,
  fiscalPeriodLastDay,
  type ControlStripRowsResponse,
  type TechnicalInterventionListResponse,
  type TechnicalInterventionQuery,
  type TechnicalInterventionRow,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import {
  listControlStripRows,
  listTechnicalInterventions,
  previousServiceClosing,
  type InterventionFilter,
} from './fiscal-interventions.repository';
import { fiscalError } from './fiscal.errors';
import { controlStripToFiscal, interventionToFiscal } from './fiscal.mapping';
import {
  assertPeriod,
  instantRange,
  requireOrder,
  requireRegister,
  requireService,
  scopeOf,
} from './fiscal.service';

export async function controlStripOfShift(
  db: Db,
  ctx: RequestContext,
  serviceId: string,
): Promise<ControlStripRowsResponse> {
  const scope = scopeOf(ctx);
  await requireService(db, scope, serviceId);
  const rows = await listControlStripRows(db, scope, { serviceId });
  return { rows: rows.map(controlStripToFiscal) };
}

export async function controlStripOfSale(
  db: Db,
  ctx: RequestContext,
  orderId: string,
): Promise<ControlStripRowsResponse> {
  const scope = scopeOf(ctx);
  await requireOrder(db, scope, orderId);
  const rows = await listControlStripRows(db, scope, { salesDocumentId: orderId });
  return { rows: rows.map(controlStripToFiscal) };
}

export async function technicalInterventions(
  db: Db,
  ctx: RequestContext,
  query: TechnicalInterventionQuery,
): Promise<TechnicalInterventionListResponse> {
  assertPeriod(query.startDate, query.endDate);
  const scope = scopeOf(ctx);
  const filter: InterventionFilter = {};
  if (query.cashRegisterId !== undefined) {
    await requireRegister(db, scope, query.cashRegisterId);
    filter.registerId = query.cashRegisterId;
  }
  if (query.objectId !== undefined) filter.tableId = query.objectId;
  if (query.serviceId !== undefined) {
    const service = await requireService(db, scope, query.serviceId);
    const since = await previousServiceClosing(db, scope, service);
    filter.during = { registerId: service.register_id, from: since ?? new Date(0), to: service.closing_date };
  }
  if (query.startDate !== undefined || query.endDate !== undefined) {
    filter.range = instantRange(
      query.startDate ?? FISCAL_PERIOD_FIRST_DAY,
      query.endDate ?? fiscalPeriodLastDay(),
    );
  }
  const rows = await listTechnicalInterventions(db, scope, filter);
  return { rows: rows.map(interventionToFiscal) };
}

export async function technicalIntervention(
  db: Db,
  ctx: RequestContext,
  id: string,
): Promise<TechnicalInterventionRow> {
  const [row] = await listTechnicalInterventions(db, scopeOf(ctx), { id });
  if (!row) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  return interventionToFiscal(row);
}
