import { sql, type Insertable } from 'kysely';
import type { BulkInsert } from '../../db/bulk';
import type { Db } from '../../db/database';
import type { WareCountTable, WareTable } from '../../db/schema/wares';

// Ingestion

/**
 * Inserts or updates wares by id. Returns the ids written: a ware that exists in another
 * establishment is left alone and missing from the answer.
 */
export async function upsertWares(db: Db, rows: Insertable<WareTable>[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const written = await db
    .insertInto('wares')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          category: eb.ref('excluded.category'),
          product_id: eb.ref('excluded.product_id'),
        }))
        .whereRef('wares.company_id', '=', 'excluded.company_id'),
    )
    .returning('id')
    .execute();
  return new Set(written.map((row) => row.id));
}

export function findWares(db: Db, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('wares')
    .select(['id', 'name', 'category', 'product_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export async function productNames(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Services among these ids that belong to another establishment. */
export async function foreignServiceIds(db: Db, companyId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('services')
    .select('id')
    .where('id', 'in', ids)
    .where('company_id', '<>', companyId)
    .execute();
  return rows.map((row) => row.id);
}

/** Serialises an establishment's dispenser batches, so that two replays of one batch never race. */
export async function lockDispenserCounts(db: Db, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`ware_counts/${companyId}`}, 0))`.execute(db);
}

/** Appends the pours whose id is not stored yet (COPY on PGlite); returns the ids inserted. */
export async function insertNewPours(
  db: Db,
  bulkInsert: BulkInsert,
  rows: (Insertable<WareCountTable> & { id: number })[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const ids = rows.map((row) => row.id);
  const { rows: stored } = await sql<{ id: number }>`
    select id from ware_counts where id = any(${ids}::bigint[])`.execute(db);
  const taken = new Set(stored.map((row) => row.id));
  const fresh = rows.filter((row) => !taken.has(row.id));
  await bulkInsert(db, 'ware_counts', fresh);
  return new Set(fresh.map((row) => row.id));
}

export function findPours(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ware_counts')
    .select(['id', 'company_id', 'ware_id', 'poured_at', 'quantity'])
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .execute();
}

// Reading

/** Establishments, business days and, when shifts were chosen, their services. */
export interface WareScope {
  companyIds: string[];
  fromDay: string;
  toDay: string;
  /** Pours from `start` (included) to `end` (excluded): the business days' bounds. */
  start: Date;
  end: Date;
  /** null: every service of the period. */
  shiftIds: string[] | null;
}

/** The services of the establishments that have a dispenser (wares): only these shifts hold pours. */
export function listShifts(db: Db, scope: Pick<WareScope, 'companyIds' | 'fromDay' | 'toDay'>) {
  return db
    .selectFrom('services as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('registers as r', 'r.id', 's.register_id')
    .select([
      's.id',
      's.company_id',
      'c.company_name',
      'r.name as register_name',
      's.business_day',
      's.opening_date',
      's.closing_date',
    ])
    .where('s.company_id', 'in', scope.companyIds)
    .where(
      's.company_id',
      'in',
      db.selectFrom('wares').select('company_id').where('company_id', 'in', scope.companyIds),
    )
    .where('s.business_day', '>=', scope.fromDay)
    .where('s.business_day', '<=', scope.toDay)
    .orderBy('s.opening_date')
    .orderBy('r.name')
    .execute();
}

export function listWares(db: Db, companyIds: string[]) {
  return db
    .selectFrom('wares as w')
    .innerJoin('companies as c', 'c.id', 'w.company_id')
    .leftJoin('products as p', 'p.id', 'w.product_id')
    .select([
      'w.id',
      'w.company_id',
      'c.company_name',
      'w.name',
      'w.category',
      'w.product_id',
      'p.name as product_name',
    ])
    .where('w.company_id', 'in', companyIds)
    .execute();
}

/** Units poured per ware in and out of shift. */
export function pourTotals(db: Db, scope: WareScope) {
  return db
    .selectFrom('ware_counts')
    .select([
      'ware_id',
      sql<number>`coalesce(sum(quantity) filter (where in_shift), 0)::bigint`.as('in_shift'),
      sql<number>`coalesce(sum(quantity) filter (where not in_shift), 0)::bigint`.as('out_shift'),
    ])
    .where('company_id', 'in', scope.companyIds)
    .where(inPeriod(scope))
    .where('ware_id', 'is not', null)
    .$call((query) => (scope.shiftIds ? query.where(inShifts(scope.shiftIds)) : query))
    .groupBy('ware_id')
    .execute();
}

/**
 * In shift, a pour belongs to its service's business day, as the service's sales do (a pour after
 * the day's bound still matches them); out of shift, to the business day its time falls in.
 */
function inPeriod(scope: WareScope) {
  return sql<boolean>`(case when in_shift
    then service_id in (select id from services
                         where company_id = ware_counts.company_id
                           and business_day between ${scope.fromDay} and ${scope.toDay})
    else poured_at >= ${scope.start} and poured_at < ${scope.end} end)`;
}

/** Out of shift, or in one of the chosen services. */
function inShifts(shiftIds: string[]) {
  return sql<boolean>`(not in_shift or service_id = any(${shiftIds}::uuid[]))`;
}

/** Units sold per product (lines removed before payment left out, cancellations deducted). */
export function salesByProduct(db: Db, scope: WareScope, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .select(['company_id', 'product_id', sql<number>`sum(quantity)::bigint`.as('quantity')])
    .where('company_id', 'in', scope.companyIds)
    .where('business_day', '>=', scope.fromDay)
    .where('business_day', '<=', scope.toDay)
    .where('removed', '=', false)
    .where('product_id', 'in', productIds)
    .$call((query) =>
      scope.shiftIds
        ? query.where(
            'order_id',
            'in',
            db
              .selectFrom('orders')
              .select('id')
              .where(sql<boolean>`service_id = any(${scope.shiftIds}::uuid[])`),
          )
        : query,
    )
    .groupBy(['company_id', 'product_id'])
    .execute();
}

/** Units of one product sold per service (the same sales as `salesByProduct`). */
export async function salesByService(
  db: Db,
  scope: WareScope,
  companyId: string,
  productId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['o.service_id', sql<number>`sum(l.quantity)::bigint`.as('quantity')])
    .where('l.company_id', '=', companyId)
    .where('l.business_day', '>=', scope.fromDay)
    .where('l.business_day', '<=', scope.toDay)
    .where('l.removed', '=', false)
    .where('l.product_id', '=', productId)
    .$call((query) =>
      scope.shiftIds ? query.where(sql<boolean>`o.service_id = any(${scope.shiftIds}::uuid[])`) : query,
    )
    .groupBy('o.service_id')
    .execute();
  return new Map(rows.map((row) => [row.service_id, row.quantity]));
}

export function findWare(db: Db, companyIds: string[], wareId: string) {
  return db
    .selectFrom('wares')
    .select(['id', 'company_id', 'product_id'])
    .where('id', '=', wareId)
    .where('company_id', 'in', companyIds)
    .executeTakeFirst();
}

/** One ware's pours of the period, oldest first. */
export function pourLines(db: Db, scope: WareScope, wareId: string) {
  return db
    .selectFrom('ware_counts')
    .select([
      'service_id',
      'ware_name',
      'user_name',
      'poured_at',
      'quantity',
      'product_name',
      'cashed',
      'in_shift',
    ])
    .where('company_id', 'in', scope.companyIds)
    .where('ware_id', '=', wareId)
    .where(inPeriod(scope))
    .$call((query) => (scope.shiftIds ? query.where(inShifts(scope.shiftIds)) : query))
    .orderBy('poured_at')
    .orderBy('id')
    .execute();
}
