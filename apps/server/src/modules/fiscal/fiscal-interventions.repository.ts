import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, type FiscalScope, type InstantRange } from './fiscal.repository';

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
