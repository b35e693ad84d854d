import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  ServerClosureRow,
  ServerClosureTable,
  ServerClosureType,
} from '../../db/schema/server-closures';

/** The amount columns a closure's totals sum (registers' and server closures alike). */
export const CLOSURE_AMOUNTS = [
  'amount_total_ivat',
  'amount_total_evat',
  'amount_tax',
  'amount_discount_ivat',
  'amount_offered_ivat',
  'amount_total_wo_discount_ivat',
  'amount_payment_shift',
] as const;

/** The registers' daily closures (type 1) of a company whose end_day is in startDay..endDay. */
export function registerDailyClosures(db: Db, companyId: string, startDay: string, endDay: string) {
  return db
    .selectFrom('closures')
    .select([
      'id',
      'end_day',
      'opening_date',
      'closing_date',
      ...CLOSURE_AMOUNTS,
      'payments',
      'taxes',
      'service_ids',
    ])
    .where('company_id', '=', companyId)
    .where('type', '=', 1)
    .where('end_day', '>=', startDay)
    .where('end_day', '<=', endDay)
    .execute();
}

/** The company's server closures of one type whose start_day is in startDay..endDay. */
export function serverClosuresStartingIn(
  db: Db,
  companyId: string,
  type: ServerClosureType,
  startDay: string,
  endDay: string,
) {
  return db
    .selectFrom('server_closures')
    .select(['id', 'opening_date', 'closing_date', ...CLOSURE_AMOUNTS, 'payments', 'taxes', 'services_count'])
    .where('company_id', '=', companyId)
    .where('type', '=', type)
    .where('start_day', '>=', startDay)
    .where('start_day', '<=', endDay)
    .execute();
}

export function insertServerClosure(
  db: Db,
  values: Insertable<ServerClosureTable>,
): Promise<ServerClosureRow> {
  return db.insertInto('server_closures').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Moves the company's period lock (ingestion refuses records of a day up to it). */
export async function setFiscalClosedThrough(db: Db, companyId: string, day: string): Promise<void> {
  await db.updateTable('companies').set({ fiscal_closed_through: day }).where('id', '=', companyId).execute();
}

/** True when a job of this queue is queued or running. */
export async function hasPendingJob(db: Db, queue: string): Promise<boolean> {
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('queue', '=', queue)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return pending !== undefined;
}

/** Takes the company's closing lock: serialises closers, and waits for (then blocks) its ingestion. */
export async function lockCompany(
  db: Db,
  companyId: string,
): Promise<{ account_id: string; fiscal_closed_through: string | null } | undefined> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`server-closures/${companyId}`}, 0))`.execute(db);
  return db
    .selectFrom('companies')
    .select(['account_id', 'fiscal_closed_through'])
    .where('id', '=', companyId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export function listCompanyIds(db: Db): Promise<string[]> {
  return db
    .selectFrom('companies')
    .select('id')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

export async function firstRecordDay(db: Db, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('pos_records')
    .select((eb) => eb.fn.min('business_day').as('day'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return (row?.day as string | null | undefined) ?? null;
}

/**
 * The business days on or after `fromDay` that an active till of the company has records for but
 * has not closed yet (after its `registers.closed_through`); the back office's register closes none.
 */
export async function unclosedRecordDays(db: Db, companyId: string, fromDay: string): Promise<Set<string>> {
  const result = await sql<{ day: string }>`
    select distinct p.business_day::text as day
    from registers r
    join pos_records p on p.company_id = r.company_id and p.register_id = r.id
    where r.company_id = ${companyId} and r.is_active and not r.is_back_office
      and p.business_day >= ${fromDay}::date
      and (r.closed_through is null or p.business_day > r.closed_through)`.execute(db);
  return new Set(result.rows.map((r) => r.day));
}

/**
 * What says which of a company's business days are closed: the day the server closed it through,
 * the earliest day an active register closed through (null when one never closed, or none exists).
 */
export async function closedThrough(
  db: Db,
  companyId: string,
): Promise<{ server: string | null; allRegisters: string | null }> {
  const [company, registers] = await Promise.all([
    db.selectFrom('companies').select('fiscal_closed_through').where('id', '=', companyId).executeTakeFirst(),
    db
      .selectFrom('registers')
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.count<string>('closed_through').as('closed'),
        eb.fn.min('closed_through').as('earliest'),
      ])
      .where('company_id', '=', companyId)
      .where('is_active', '=', true)
      // The back office's register closes no day (issue 31, item 27).
      .where('is_back_office', '=', false)
      .executeTakeFirst(),
  ]);
  const allClosed = registers && Number(registers.count) > 0 && registers.count === registers.closed;
  return {
    server: company?.fiscal_closed_through ?? null,
    allRegisters: allClosed ? ((registers.earliest as string | null) ?? null) : null,
  };
}

/**
 * The establishment's first business day: the day of its first server daily closure, or before any,
 * the first day it has records of (which its first daily closure will close).
 */
export async function firstBusinessDay(db: Db, companyId: string): Promise<string | null> {
  const first = await db
    .selectFrom('server_closures')
    .select(sql<string>`start_day::text`.as('day'))
    .where('company_id', '=', companyId)
    .where('type', '=', 1)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return first?.day ?? (await firstRecordDay(db, companyId));
}

export function lastServerClosure(db: Db, companyId: string): Promise<ServerClosureRow | undefined> {
  return db
    .selectFrom('server_closures')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function lastOfType(db: Db, companyId: string, type: number): Promise<ServerClosureRow | undefined> {
  return db
    .selectFrom('server_closures')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('type', '=', type as 1)
    .orderBy('start_day', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Server closures of the given companies whose period meets startDay..endDay, with the company name. */
export function listServerClosureRows(
  db: Db,
  companyIds: readonly string[],
  filter: { startDay: string; endDay: string; type?: number | undefined },
) {
  let query = db
    .selectFrom('server_closures as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .selectAll('s')
    .select('c.company_name')
    .where('s.company_id', 'in', companyIds)
    .where('s.start_day', '<=', filter.endDay)
    .where('s.end_day', '>=', filter.startDay);
  if (filter.type !== undefined) query = query.where('s.type', '=', filter.type as 1);
  return query.orderBy('c.company_name').orderBy('s.company_id').orderBy('s.seq').execute();
}
