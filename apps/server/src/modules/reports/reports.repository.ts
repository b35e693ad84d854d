// Over 400 lines: the reports' reads (rollups by day, breakdown and weekday, services, cash movements, control strips) and their settings, over one scope type.
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { ReportDefaultPeriod } from '../../db/schema/report-settings';
import { monthlyDimensions } from '../pos/rollups';
import type { MonthSplit } from './reports.period';

/** The rollup rows a report reads: these companies, these business days, these activity types. */
export interface RollupScope {
  companyIds: string[];
  begin: string;
  end: string;
  /** null: every activity type, rows written before the split (0, unknown) included. */
  activityTypes: number[] | null;
}

/** Summed measures, as numbers (bigint sums cast back to bigint, which the drivers read as numbers). */
export interface RollupSums {
  orders: number;
  covers: number;
  quantity: number;
  amount_ivat: number;
  amount_evat: number;
  amount_tax: number;
  discount: number;
  offered: number;
}

const sums = [
  sql<number>`sum(orders)::bigint`.as('orders'),
  sql<number>`sum(covers)::bigint`.as('covers'),
  sql<number>`sum(quantity)::bigint`.as('quantity'),
  sql<number>`sum(amount_ivat)::bigint`.as('amount_ivat'),
  sql<number>`sum(amount_evat)::bigint`.as('amount_evat'),
  sql<number>`sum(amount_tax)::bigint`.as('amount_tax'),
  sql<number>`sum(discount)::bigint`.as('discount'),
  sql<number>`sum(offered)::bigint`.as('offered'),
] as const;

const measures = [
  'orders',
  'covers',
  'quantity',
  'amount_ivat',
  'amount_evat',
  'amount_tax',
  'discount',
  'offered',
] as const;

/** The scope's companies and activity types, on either rollup table. */
function ofScope(scope: RollupScope) {
  return scope.activityTypes
    ? sql<SqlBool>`company_id = any(${scope.companyIds}::uuid[])
        and activity_type = any(${scope.activityTypes}::smallint[])`
    : sql<SqlBool>`company_id = any(${scope.companyIds}::uuid[])`;
}

/** The `total` rollup summed per business day (over companies and activity types). */
export function totalsByDay(db: Db, scope: RollupScope) {
  return db
    .selectFrom('daily_rollups')
    .select('business_day')
    .select(sums)
    .where('dimension', '=', 'total')
    .where(ofScope(scope))
    .where('business_day', '>=', scope.begin)
    .where('business_day', '<=', scope.end)
    .groupBy('business_day')
    .orderBy('business_day')
    .execute();
}

/** Rollup dimensions the sales-analysis breakdowns read: those kept per month too. */
const BREAKDOWN_SOURCES = monthlyDimensions;

/** The breakdowns as the report names them: `total` read per activity type is the activity breakdown. */
export const BREAKDOWN_DIMENSIONS = [
  ...BREAKDOWN_SOURCES.filter((d) => d !== 'total'),
  'activity_type',
] as const;

/**
 * Each breakdown dimension summed per row of the report, in one statement, over the months and
 * days of `split` (whole months from the monthly rollups, days added or taken away from the daily
 * ones). Catalogue entries are grouped by name, so the « Carte bancaire » of three establishments
 * is one row (and a renamed product shows under each name); staff members stay apart by id, and
 * the takeaway "room" is `none`. The activity-type breakdown is the `total` rollup by activity
 * type. A row with nothing left in the period is left out.
 */
export function breakdownRows(db: Db, scope: RollupScope, split: MonthSplit) {
  const inDays = (ranges: { begin: string; end: string }[]) =>
    sql<SqlBool>`(${sql.join(
      ranges.map((d) => sql`business_day between ${d.begin} and ${d.end}`),
      sql` or `,
    )})`;
  const daily = (sign: 1 | -1, ranges: { begin: string; end: string }[]) =>
    db
      .selectFrom('daily_rollups')
      .select(['dimension', 'key', 'label', 'activity_type'])
      .select(
        measures.map((m) => (sign === 1 ? sql<number>`${sql.ref(m)}` : sql<number>`-${sql.ref(m)}`).as(m)),
      )
      .where('dimension', 'in', BREAKDOWN_SOURCES)
      .where(ofScope(scope))
      .where(inDays(ranges));
  const parts = [];
  if (split.days.length > 0) parts.push(daily(1, split.days));
  if (split.months.length > 0) {
    parts.push(
      db
        .selectFrom('monthly_rollups')
        .select(['dimension', 'key', 'label', 'activity_type'])
        .select(measures.map((m) => sql<number>`${sql.ref(m)}`.as(m)))
        .where('dimension', 'in', BREAKDOWN_SOURCES)
        .where(ofScope(scope))
        .where(sql<SqlBool>`month = any(${split.months}::date[])`),
    );
  }
  if (split.minusDays.length > 0) parts.push(daily(-1, split.minusDays));
  const [first, ...others] = parts;
  if (!first) return Promise.resolve([]);
  const rows = others.reduce((union, part) => union.unionAll(part), first);
  const dimension = sql<string>`case when dimension = 'total' then 'activity_type' else dimension end`;
  const groupKey = sql<string>`case
    when dimension = 'total' then activity_type::text
    when dimension in ('category', 'product', 'payment_type') then label
    when dimension = 'room' and key <> 'none' then label
    else key end`;
  const label = sql<string>`max(case when dimension = 'total' then activity_type::text else label end)`;
  return db
    .selectFrom(rows.as('r'))
    .select([dimension.as('dimension'), groupKey.as('key'), label.as('label')])
    .select(sums)
    .groupBy([sql`r.dimension`, sql`2`])
    .having(
      sql<SqlBool>`${sql.join(
        measures.map((m) => sql`sum(${sql.ref(m)}) <> 0`),
        sql` or `,
      )}`,
    )
    .execute();
}

/** Per ISO weekday of the business day: the `total` rollup, and the `hour` rollup per hour. */
export function weekdayRows(db: Db, scope: RollupScope) {
  return db
    .selectFrom('daily_rollups')
    .select([
      sql<number>`extract(isodow from business_day)::int`.as('weekday'),
      'dimension',
      'key',
      sql<number>`sum(orders)::bigint`.as('orders'),
      sql<number>`sum(covers)::bigint`.as('covers'),
      sql<number>`sum(amount_ivat)::bigint`.as('amount_ivat'),
    ])
    .where('dimension', 'in', ['total', 'hour'])
    .where(ofScope(scope))
    .where('business_day', '>=', scope.begin)
    .where('business_day', '<=', scope.end)
    .groupBy([sql`1`, 'dimension', 'key'])
    .execute();
}

/**
 * Orders and covers of these services (shifts), from the `service` rollup of their business days,
 * as one JSON object by service id.
 */
export async function ordersByService(
  db: Db,
  scope: RollupScope,
  serviceIds: string[],
): Promise<Map<string, { orders: number; covers: number }>> {
  if (serviceIds.length === 0) return new Map();
  const { rows } = await sql<{ counts: string | null }>`
    select json_object_agg(key, json_build_array(orders, covers))::text as counts
      from (select key, sum(orders) as orders, sum(covers) as covers
              from daily_rollups
             where dimension = 'service' and ${ofScope(scope)}
               and business_day between ${scope.begin} and ${scope.end}
               and key = any(${serviceIds}::text[])
             group by key) s`.execute(db);
  const counts = JSON.parse(rows[0]?.counts ?? '{}') as Record<string, [number, number]>;
  return new Map(Object.entries(counts).map(([id, [orders, covers]]) => [id, { orders, covers }]));
}

/** Register and company names of these companies, for the shift report. */
export async function registerAndCompanyNames(db: Db, companyIds: string[]) {
  const [registers, companies] = await Promise.all([
    db
      .selectFrom('registers')
      .select(['id', 'name'])
      .where(sql<SqlBool>`company_id = any(${companyIds}::uuid[])`)
      .execute(),
    db
      .selectFrom('companies')
      .select(['id', 'company_name'])
      .where(sql<SqlBool>`id = any(${companyIds}::uuid[])`)
      .execute(),
  ]);
  return {
    registers: new Map(registers.map((r) => [r.id, r.name])),
    companies: new Map(companies.map((c) => [c.id, c.company_name])),
  };
}

export interface ServicePayment {
  paymentTypeId: string;
  paymentName: string;
  amount: number;
}

export interface ServiceListRow {
  id: string;
  companyId: string;
  registerId: string;
  number: number;
  businessDay: string;
  openingDate: Date;
  closingDate: Date;
  openedBy: string;
  closedBy: string;
  turnoverIvat: number;
  turnoverEvat: number;
  cashFloat: number;
  expectedCash: number;
  countedCash: number;
  payments: ServicePayment[];
}

/*
 * PGlite spends about 2 µs per column and row building a result: a year of shifts (3 000 rows of
 * 15 columns) and their cash movements travel as one JSON array per row, in half the time.
 */

/** How many services (shifts) these companies closed on these business days, and their sums. */
export async function serviceTotals(db: Db, companyIds: string[], begin: string, end: string) {
  const row = await db
    .selectFrom('services')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(amount_total_ivat), 0)::bigint`.as('turnoverIvat'),
      sql<number>`coalesce(sum(amount_total_evat), 0)::bigint`.as('turnoverEvat'),
      sql<number>`coalesce(sum(expected_cash), 0)::bigint`.as('expectedCash'),
      sql<number>`coalesce(sum(counted_cash), 0)::bigint`.as('countedCash'),
    ])
    .where(sql<SqlBool>`company_id = any(${companyIds}::uuid[])`)
    .where('business_day', '>=', begin)
    .where('business_day', '<=', end)
    .executeTakeFirstOrThrow();
  return {
    count: row.count,
    turnoverIvat: Number(row.turnoverIvat),
    turnoverEvat: Number(row.turnoverEvat),
    expectedCash: Number(row.expectedCash),
    countedCash: Number(row.countedCash),
  };
}

/** One page of the services (shifts) of these companies and business days, newest first. */
export async function listServices(
  db: Db,
  companyIds: string[],
  range: { begin: string; end: string; limit: number; offset: number },
): Promise<ServiceListRow[]> {
  const { rows } = await sql<{ row: string }>`
    select json_build_array(id, company_id, register_id, number, business_day, opening_date, closing_date,
             opened_by_firstname || ' ' || opened_by_lastname, closed_by_firstname || ' ' || closed_by_lastname,
             amount_total_ivat, amount_total_evat, cash_float, expected_cash, counted_cash, payments)::text as row
      from services
     where company_id = any(${companyIds}::uuid[]) and business_day between ${range.begin} and ${range.end}
     order by closing_date desc, id
     limit ${range.limit} offset ${range.offset}`.execute(db);
  return rows.map(({ row }) => {
    const r = JSON.parse(row) as [
      string,
      string,
      string,
      number,
      string,
      string,
      string,
      string,
      string,
      number,
      number,
      number,
      number,
      number,
      ServicePayment[],
    ];
    return {
      id: r[0],
      companyId: r[1],
      registerId: r[2],
      number: r[3],
      businessDay: r[4],
      openingDate: new Date(r[5]),
      closingDate: new Date(r[6]),
      openedBy: r[7],
      closedBy: r[8],
      turnoverIvat: r[9],
      turnoverEvat: r[10],
      cashFloat: r[11],
      expectedCash: r[12],
      countedCash: r[13],
      payments: r[14],
    };
  });
}

export interface CashMovementListRow {
  id: string;
  serviceId: string;
  at: Date;
  amount: number;
  notice: string;
  user: string;
}

/** Cash movements of these services, in time order. */
export async function listCashMovements(db: Db, serviceIds: string[]): Promise<CashMovementListRow[]> {
  if (serviceIds.length === 0) return [];
  const { rows } = await sql<{ row: string }>`
    select json_build_array(id, service_id, at, amount, notice, user_firstname || ' ' || user_lastname)::text as row
      from cash_movements
     where service_id = any(${serviceIds}::uuid[])
     order by at, id`.execute(db);
  return rows.map(({ row }) => {
    const r = JSON.parse(row) as [string, string, string, number, string, string];
    return { id: r[0], serviceId: r[1], at: new Date(r[2]), amount: r[3], notice: r[4], user: r[5] };
  });
}

/** One service with its register and company, if it belongs to one of these companies. */
export function findService(db: Db, serviceId: string, companyIds: string[]) {
  return db
    .selectFrom('services as s')
    .innerJoin('registers as r', 'r.id', 's.register_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select([
      's.id',
      's.company_id',
      's.number',
      's.business_day',
      'r.name as register_name',
      'c.company_name',
    ])
    .where('s.id', '=', serviceId)
    .where(sql<SqlBool>`s.company_id = any(${companyIds}::uuid[])`)
    .executeTakeFirst();
}

/** The control-strip documents of a service, in time order. */
export function listControlStripDocuments(db: Db, serviceId: string, companyId: string) {
  return db
    .selectFrom('control_strip_documents')
    .select([
      'id',
      'id_control_strip',
      'at',
      'document_type',
      'document_name',
      'action',
      'description',
      'device_id',
      'user_firstname',
      'user_lastname',
    ])
    .where('service_id', '=', serviceId)
    .where('company_id', '=', companyId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export function findReportSettings(db: Db, userId: string) {
  return db
    .selectFrom('report_settings')
    .select(['day_start_hour', 'amounts_incl_vat', 'default_period', 'default_company_ids'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertReportSettings(
  db: Db,
  row: {
    user_id: string;
    account_id: string;
    day_start_hour: number;
    amounts_incl_vat: boolean;
    default_period: ReportDefaultPeriod;
    default_company_ids: string[];
  },
): Promise<void> {
  const companyIds = JSON.stringify(row.default_company_ids);
  await db
    .insertInto('report_settings')
    .values({ ...row, default_company_ids: companyIds })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        day_start_hour: row.day_start_hour,
        amounts_incl_vat: row.amounts_incl_vat,
        default_period: row.default_period,
        default_company_ids: companyIds,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}
