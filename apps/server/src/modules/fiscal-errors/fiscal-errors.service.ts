import {
  signatureDefectCode,
  signatureDefectDetails,
  type ClientErrorsBody,
  type ClientErrorsResponse,
  type ErroneousServerClosure,
  type ErroneousService,
  type FiscalErrorDetail,
  type FiscalErrorsQuery,
  type FiscalErrorsResponse,
  type SignatureDefect,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import type { FiscalScope } from '../fiscal/fiscal.service';
import { technicalInterventions } from '../fiscal/fiscal-interventions.service';
import { scopeOf } from '../fiscal/fiscal.service';
import { fiscalErrorsError } from './fiscal-errors.errors';
import * as repo from './fiscal-errors.repository';

const iso = (at: Date | string | null): string | null =>
  at === null ? null : (at instanceof Date ? at : new Date(at)).toISOString();

export function defectOf(row: repo.DefectRow): SignatureDefect {
  const details = signatureDefectDetails.safeParse(row.details);
  const code = signatureDefectCode.safeParse(row.code);
  return {
    id: row.id,
    detectedAt: iso(row.detected_at)!,
    jobId: row.job_id === null ? null : Number(row.job_id),
    source: row.source,
    scope: row.scope,
    // A code this version does not know reads as reported rather than failing the whole page.
    code: code.success ? code.data : 'CLIENT_REPORTED',
    companyId: row.company_id,
    companyName: row.company_name,
    registerId: row.register_id,
    registerName: row.register_name,
    recordKind: row.record_kind,
    recordId: row.record_id,
    seq: row.seq === null ? null : Number(row.seq),
    businessDay: row.business_day,
    serviceId: row.service_id,
    details: details.success ? details.data : {},
    message: row.message,
  };
}

/** The server closure a defect names, when it is on the server closures' chain. */
const closureIdOf = (d: SignatureDefect) => (d.scope === 'server_closure' ? d.recordId : null);

function serviceSummary(
  serviceId: string,
  row: repo.ServiceRow | undefined,
  defects: SignatureDefect[],
): Omit<ErroneousService, 'defects'> {
  const first = defects[0];
  return {
    serviceId,
    number: row?.number ?? null,
    registerId: row?.register_id ?? first?.registerId ?? null,
    registerName: row?.register_name ?? first?.registerName ?? null,
    companyId: row?.company_id ?? first?.companyId ?? null,
    companyName: row?.company_name ?? first?.companyName ?? null,
    businessDay: row?.business_day ?? first?.businessDay ?? null,
    openingDate: row ? iso(row.opening_date) : null,
    closingDate: row ? iso(row.closing_date) : null,
    amountTotalIvat: row?.amount_total_ivat ?? null,
    defectCount: defects.length,
  };
}

function closureSummary(
  closureId: string,
  row: repo.ServerClosureRow | undefined,
  defects: SignatureDefect[],
): Omit<ErroneousServerClosure, 'defects'> {
  const first = defects[0];
  return {
    closureId,
    type: row?.type ?? null,
    startDay: row?.start_day ?? null,
    endDay: row?.end_day ?? null,
    companyId: row?.company_id ?? first?.companyId ?? null,
    companyName: row?.company_name ?? first?.companyName ?? null,
    amountTotalIvat: row?.amount_total_ivat ?? null,
    grandTotalIvat: row?.grand_total_ivat ?? null,
    defectCount: defects.length,
  };
}

function groupBy<K>(
  defects: SignatureDefect[],
  key: (d: SignatureDefect) => K | null,
): Map<K, SignatureDefect[]> {
  const groups = new Map<K, SignatureDefect[]>();
  for (const defect of defects) {
    const k = key(defect);
    if (k === null) continue;
    const group = groups.get(k) ?? [];
    group.push(defect);
    groups.set(k, group);
  }
  return groups;
}

/** The defects of the days asked, grouped as the errors page and the incident list show them. */
export async function fiscalErrorsOf(
  db: Db,
  scope: FiscalScope,
  range: { startDay?: string; endDay?: string },
): Promise<Omit<FiscalErrorsResponse, 'technicalInterventions'>> {
  const defects = (await repo.listDefects(db, scope, range)).map(defectOf);
  const byService = groupBy(defects, (d) => d.serviceId);
  const byClosure = groupBy(defects, (d) => (d.serviceId === null ? closureIdOf(d) : null));
  const [services, closures] = await Promise.all([
    repo.listServices(db, scope, [...byService.keys()]),
    repo.listServerClosures(db, scope, [...byClosure.keys()]),
  ]);
  const serviceRows = new Map(services.map((s) => [s.id, s]));
  const closureRows = new Map(closures.map((c) => [c.id, c]));
  return {
    services: [...byService].map(([serviceId, list]) => ({
      ...serviceSummary(serviceId, serviceRows.get(serviceId), list),
      defects: list,
    })),
    serverClosures: [...byClosure].map(([closureId, list]) => ({
      ...closureSummary(closureId, closureRows.get(closureId), list),
      defects: list,
    })),
    other: defects.filter((d) => d.serviceId === null && closureIdOf(d) === null),
  };
}

function assertPeriod(query: FiscalErrorsQuery): void {
  if (query.startDate !== undefined && query.endDate !== undefined && query.startDate > query.endDate) {
    throw fiscalErrorsError('INVALID_PERIOD');
  }
}

/** `GET /api/administration-fiscale/errors`. */
export async function listFiscalErrors(
  db: Db,
  ctx: RequestContext,
  query: FiscalErrorsQuery,
): Promise<FiscalErrorsResponse> {
  assertPeriod(query);
  const [grouped, interventions] = await Promise.all([
    fiscalErrorsOf(db, scopeOf(ctx), { startDay: query.startDate, endDay: query.endDate }),
    technicalInterventions(db, ctx, { startDate: query.startDate, endDate: query.endDate }),
  ]);
  return { ...grouped, technicalInterventions: interventions.rows };
}

/** `GET /api/administration-fiscale/errors/:id`: 404 DEFECT_NOT_FOUND outside the caller's scope. */
export async function fiscalErrorDetail(db: Db, ctx: RequestContext, id: string): Promise<FiscalErrorDetail> {
  const scope = scopeOf(ctx);
  const [row] = await repo.listDefects(db, scope, { id });
  if (!row) throw fiscalErrorsError('DEFECT_NOT_FOUND');
  const defect = defectOf(row);
  const closureId = defect.serviceId === null ? closureIdOf(defect) : null;
  const [services, closures] = await Promise.all([
    repo.listServices(db, scope, defect.serviceId ? [defect.serviceId] : []),
    repo.listServerClosures(db, scope, closureId ? [closureId] : []),
  ]);
  return {
    defect,
    service: defect.serviceId ? serviceSummary(defect.serviceId, services[0], [defect]) : null,
    serverClosure: closureId ? closureSummary(closureId, closures[0], [defect]) : null,
  };
}

/**
 * `POST /api/administration-fiscale/error`: stores what a client found, on registers of the caller's
 * account only (any other register: 404 REGISTER_NOT_FOUND and nothing stored). Each error is placed
 * on its stored record (business day, service) when the record is found.
 */
export async function reportClientErrors(
  db: Db,
  ctx: RequestContext,
  body: ClientErrorsBody,
): Promise<ClientErrorsResponse> {
  const scope = scopeOf(ctx);
  const wanted = [...new Set(body.errors.map((e) => e.idCashRegister))];
  const registers = new Map((await repo.listRegisters(db, scope, wanted)).map((r) => [r.id, r]));
  if (registers.size !== wanted.length) throw fiscalErrorsError('REGISTER_NOT_FOUND');
  const defects: repo.NewDefect[] = [];
  for (const error of body.errors) {
    const register = registers.get(error.idCashRegister)!;
    const record = await repo.findRecord(db, register.id, error.kind, {
      seq: error.seq,
      recordId: error.recordId,
    });
    const recordId = record?.record_id ?? error.recordId ?? null;
    const serviceId = recordId ? await repo.serviceOfRecord(db, register.id, error.kind, recordId) : null;
    defects.push({
      accountId: scope.accountId,
      companyId: register.company_id,
      registerId: register.id,
      recordKind: error.kind,
      recordId,
      seq: error.seq ?? record?.seq ?? null,
      businessDay: record?.business_day ?? null,
      serviceId,
      details: { clientCode: error.code },
      message: error.message,
    });
  }
  return { ids: await repo.insertClientDefects(db, defects) };
}
