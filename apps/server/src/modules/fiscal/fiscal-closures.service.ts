import {
  CLOSURE_TYPE_ALL,
  type ClosureByIdResponse,
  type ClosureDetail,
  type ClosureListQuery,
  type ClosureListResponse,
  type FiscalClosure,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import { numberDailyClosures } from '../server-closures/server-closures.service';
import { listRegisterClosures, listServerClosures } from './fiscal-closures.repository';
import { listServices, type ServiceListRow } from './fiscal-orders.repository';
import { fiscalError } from './fiscal.errors';
import {
  closureTaxes,
  registerClosureToClosure,
  serverClosureToClosure,
  serviceToFiscal,
} from './fiscal.mapping';
import { assertPeriod, scopeOf } from './fiscal.service';

const byClosingDesc = (a: FiscalClosure, b: FiscalClosure) =>
  b.end_date.localeCompare(a.end_date) ||
  (b.closing_date ?? '').localeCompare(a.closing_date ?? '') ||
  a.type - b.type;

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
    listRegisterClosures(db, scope, filter),
    listServerClosures(db, scope, filter),
  ]);
  const closures = [...pos.map(registerClosureToClosure), ...server.map(serverClosureToClosure)];
  return { closures: (await numberDailyClosures(db, closures)).sort(byClosingDesc) };
}

/** The closures in full, in the order asked; 404 when one is not the caller's. */
export async function closuresById(db: Db, ctx: RequestContext, ids: string[]): Promise<ClosureByIdResponse> {
  const scope = scopeOf(ctx);
  const wanted = [...new Set(ids)];
  if (scope.companyIds.length === 0) throw fiscalError('FISCAL_RECORD_NOT_FOUND');
  const [pos, server] = await Promise.all([
    listRegisterClosures(db, scope, { ids: wanted }),
    listServerClosures(db, scope, { ids: wanted }),
  ]);
  if (pos.length + server.length < wanted.length) throw fiscalError('FISCAL_RECORD_NOT_FOUND');

  const serviceIds = [...new Set(pos.flatMap((c) => c.service_ids))];
  const posServices = serviceIds.length > 0 ? await listServices(db, scope, { ids: serviceIds }) : [];
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
    const services = await listServices(db, scope, {
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
  return {
    closures: await numberDailyClosures(
      db,
      wanted.map((id) => details.get(id)!),
    ),
  };
}
