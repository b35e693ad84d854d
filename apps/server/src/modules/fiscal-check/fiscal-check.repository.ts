import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema/index';
import type { SealedTable } from '../pos/pos.seal';

/** What the check reads of a signed record: its chain position, signed content and seal. */
export interface ChainRecord {
  register_id: string;
  kind: string;
  seq: number;
  v: number;
  at: Date | string;
  prev_sig: string | null;
  sig: string;
  record_id: string;
  business_day: string | null;
  data: string;
  account_id: string;
  company_id: string;
  rows_digest: string | null;
  rows_seal: string | null;
}

/** What one check covers: an account's companies (one register of them, or all) over whole days. */
export interface CheckScope {
  accountId: string;
  companyIds: string[];
  startDay: string;
  endDay: string;
  registerId: string | null;
}

export function accountRegisters(db: Db, accountId: string) {
  return db
    .selectFrom('registers')
    .select(['id', 'name', 'company_id', 'public_key'])
    .where('account_id', '=', accountId)
    .execute();
}

/** Each (register, kind) with records in the range, and the sequence numbers the range spans. */
export async function chainsInRange(
  db: Db,
  scope: CheckScope,
): Promise<{ register_id: string; kind: string; minSeq: number; maxSeq: number }[]> {
  if (scope.companyIds.length === 0) return [];
  const rows = await db
    .selectFrom('pos_records')
    .select(['register_id', 'kind'])
    .select((eb) => [eb.fn.min<number>('seq').as('minSeq'), eb.fn.max<number>('seq').as('maxSeq')])
    .where('company_id', 'in', scope.companyIds)
    .where('account_id', '=', scope.accountId)
    .where('business_day', '>=', scope.startDay)
    .where('business_day', '<=', scope.endDay)
    .$if(scope.registerId !== null, (q) => q.where('register_id', '=', scope.registerId!))
    .groupBy(['register_id', 'kind'])
    .orderBy('register_id')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({ ...r, minSeq: Number(r.minSeq), maxSeq: Number(r.maxSeq) }));
}

export async function lastStoredSeq(db: Db, registerId: string, kind: string): Promise<number | null> {
  const row = await db
    .selectFrom('pos_records')
    .select((eb) => eb.fn.max<number>('seq').as('seq'))
    .where('register_id', '=', registerId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.seq == null ? null : Number(row.seq);
}

/** The next records of a chain after `afterSeq`, up to `toSeq`, in order. */
export function chainPage(
  db: Db,
  chain: { registerId: string; kind: string },
  afterSeq: number,
  toSeq: number,
  limit: number,
): Promise<ChainRecord[]> {
  return db
    .selectFrom('pos_records')
    .select([
      'register_id',
      'kind',
      'seq',
      'v',
      'at',
      'prev_sig',
      'sig',
      'record_id',
      'business_day',
      'data',
      'account_id',
      'company_id',
      'rows_digest',
      'rows_seal',
    ])
    .where('register_id', '=', chain.registerId)
    .where('kind', '=', chain.kind)
    .where('seq', '>', afterSeq)
    .where('seq', '<=', toSeq)
    .orderBy('seq')
    .limit(limit)
    .execute() as Promise<ChainRecord[]>;
}

export function registerChainHead(db: Db, registerId: string, kind: string) {
  return db
    .selectFrom('chain_heads')
    .selectAll()
    .where('register_id', '=', registerId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export function registerChainHeads(db: Db, registerId: string) {
  return db
    .selectFrom('chain_heads')
    .select(['kind', 'last_seq', 'last_sig'])
    .where('register_id', '=', registerId)
    .execute();
}

/** The rows of a sealed table that belong to the given records (by its link column), whole. */
export function sealedRows(
  db: Db,
  sealed: SealedTable,
  kind: string,
  recordIds: readonly string[],
): Promise<Record<string, unknown>[]> {
  return db
    .selectFrom(sealed.table)
    .selectAll()
    .where(sealed.link as never, 'in', recordIds as never)
    .$if(!!sealed.isTracking, (q) =>
      q.where('record_kind' as never, '=', kind as never).where('source' as never, '=', 'pos' as never),
    )
    .execute() as Promise<Record<string, unknown>[]>;
}

/** The register closures of the range. */
export function registerClosures(db: Db, scope: CheckScope) {
  return db
    .selectFrom('closures')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('company_id', 'in', scope.companyIds)
    .where('end_day', '>=', scope.startDay)
    .where('end_day', '<=', scope.endDay)
    .$if(scope.registerId !== null, (q) => q.where('register_id', '=', scope.registerId!))
    .execute();
}

/** The orders' totals per service, for the given services. */
export async function orderTotalsByService(db: Db, serviceIds: readonly string[]) {
  const totals = new Map<
    string,
    { amount_total_ivat: number; amount_total_evat: number; amount_tax: number }
  >();
  for (let i = 0; i < serviceIds.length; i += 1000) {
    const rows = await db
      .selectFrom('orders')
      .select('service_id')
      .select((eb) => [
        eb.fn.sum<number>('amount_total_ivat').as('amount_total_ivat'),
        eb.fn.sum<number>('amount_total_evat').as('amount_total_evat'),
        eb.fn.sum<number>('amount_tax').as('amount_tax'),
      ])
      .where('service_id', 'in', serviceIds.slice(i, i + 1000))
      .groupBy('service_id')
      .execute();
    for (const r of rows) {
      totals.set(r.service_id, {
        amount_total_ivat: Number(r.amount_total_ivat),
        amount_total_evat: Number(r.amount_total_evat),
        amount_tax: Number(r.amount_tax),
      });
    }
  }
  return totals;
}

export async function countServerClosures(db: Db, scope: CheckScope): Promise<number> {
  if (scope.companyIds.length === 0) return 0;
  const row = await db
    .selectFrom('server_closures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', scope.accountId)
    .where('company_id', 'in', scope.companyIds)
    .where('end_day', '>=', scope.startDay)
    .where('end_day', '<=', scope.endDay)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function companyServerClosures(db: Db, accountId: string, companyId: string) {
  return db
    .selectFrom('server_closures')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('company_id', '=', companyId)
    .orderBy('seq')
    .execute();
}

export function companyArchives(db: Db, accountId: string, companyId: string) {
  return db
    .selectFrom('archives')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('company_id', '=', companyId)
    .orderBy('seq')
    .execute();
}

export function serverChainHead(
  db: Db,
  accountId: string,
  companyId: string | null,
  kind: 'jet' | 'server_closure' | 'archive',
) {
  return db
    .selectFrom('server_chain_heads')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('company_id', companyId === null ? 'is' : '=', companyId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function jetSeqRange(db: Db, accountId: string, startAt: Date, endAt: Date) {
  const r = await db
    .selectFrom('jet_events')
    .select((eb) => [eb.fn.min<number>('seq').as('minSeq'), eb.fn.max<number>('seq').as('maxSeq')])
    .where('account_id', '=', accountId)
    .where('occurred_at', '>=', startAt)
    .where('occurred_at', '<', endAt)
    .executeTakeFirst();
  if (!r || r.minSeq == null) return null;
  return { minSeq: Number(r.minSeq), maxSeq: Number(r.maxSeq) };
}

export function jetEventsFrom(db: Db, accountId: string, fromSeq: number) {
  return db
    .selectFrom('jet_events')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('seq', '>=', fromSeq)
    .orderBy('seq')
    .execute();
}

export async function updateJobProgress(db: Db, jobId: number, progress: unknown): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ result: JSON.stringify({ progress }) })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .execute();
}

export interface NewDefect {
  accountId: string;
  companyId: string | null;
  registerId: string | null;
  jobId: number;
  scope: string;
  code: string;
  recordKind: string;
  recordId: string | null;
  seq: number | null;
  businessDay: string | null;
  serviceId: string | null;
  details: unknown;
  message: string;
}

/** An open defect the server already stored with the same chain position, code and wording. */
export async function hasSameDefect(db: Db | Transaction<Database>, d: NewDefect): Promise<boolean> {
  const existing = await db
    .selectFrom('signature_check_errors')
    .select('id')
    .where('account_id', '=', d.accountId)
    .where('source', '=', 'server')
    .where('scope', '=', d.scope as never)
    .where('code', '=', d.code)
    .where('record_kind', '=', d.recordKind)
    .where((eb) =>
      d.registerId === null ? eb('register_id', 'is', null) : eb('register_id', '=', d.registerId),
    )
    .where((eb) => (d.seq === null ? eb('seq', 'is', null) : eb('seq', '=', d.seq)))
    .where((eb) => (d.recordId === null ? eb('record_id', 'is', null) : eb('record_id', '=', d.recordId)))
    .where('message', '=', d.message)
    .limit(1)
    .executeTakeFirst();
  return existing !== undefined;
}

export async function insertDefect(db: Db | Transaction<Database>, d: NewDefect): Promise<string> {
  const row = await db
    .insertInto('signature_check_errors')
    .values({
      account_id: d.accountId,
      company_id: d.companyId,
      register_id: d.registerId,
      job_id: d.jobId,
      source: 'server',
      record_kind: d.recordKind,
      record_id: d.recordId,
      seq: d.seq,
      code: d.code,
      business_day: d.businessDay,
      details: JSON.stringify(d.details),
      scope: d.scope as never,
      service_id: d.serviceId,
      message: d.message,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findRegister(db: Db, accountId: string, registerId: string) {
  return db
    .selectFrom('registers')
    .select('company_id')
    .where('id', '=', registerId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export function findCheckJob(db: Db, accountId: string, jobId: number, queue: string) {
  return db
    .selectFrom('jobs')
    .select(['id', 'status', 'progress', 'result', 'interrupted_at', 'lease_expires_at'])
    .where('id', '=', jobId)
    .where('queue', '=', queue)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The registers of the companies that recorded something between the two days, by name. */
export function registersWithRecords(
  db: Db,
  accountId: string,
  companyIds: readonly string[],
  startDay: string,
  endDay: string,
) {
  return db
    .selectFrom('registers as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .select(['r.id', 'r.name', 'r.company_id', 'c.company_name'])
    .where('r.account_id', '=', accountId)
    .where('r.company_id', 'in', companyIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('pos_records as p')
          .select('p.seq')
          .whereRef('p.register_id', '=', 'r.id')
          .whereRef('p.company_id', '=', 'r.company_id')
          .where('p.business_day', '>=', startDay)
          .where('p.business_day', '<=', endDay),
      ),
    )
    .orderBy('c.company_name')
    .orderBy('r.name')
    .execute();
}
