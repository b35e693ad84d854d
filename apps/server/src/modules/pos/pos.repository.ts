// Over 400 lines: every query of ingestion's hot path (registers, chains, batches, rollups, customer accounts, catalogue, digests, the registers' pulls), one transaction's vocabulary.
import { CompiledQuery, sql, type Insertable, type Transaction } from 'kysely';
import type { CatalogRequest, RecordKind } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema/index';
import type { NewDailyRollup, NewMonthlyRollup, RegisterRow } from '../../db/schema/pos';
import { SEALED_TABLES, type SealedTable } from './pos.seal';

type Executor = Db | Transaction<Database>;

export function findRegisterByTokenHash(db: Executor, tokenHash: string): Promise<RegisterRow | undefined> {
  return db.selectFrom('registers').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findRegisterBySerial(db: Executor, companyId: string, serial: string) {
  return db
    .selectFrom('registers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('serial', '=', serial)
    .executeTakeFirst();
}

export function findCompany(db: Executor, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'account_id'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export async function insertRegister(db: Executor, row: Insertable<Database['registers']>): Promise<void> {
  await db.insertInto('registers').values(row).execute();
}

/** Inserts a register unless its serial is already enrolled in the company; whether it did. */
export async function insertRegisterOnce(
  db: Executor,
  row: Insertable<Database['registers']>,
): Promise<boolean> {
  const result = await db
    .insertInto('registers')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'serial']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A customer account's balance as the server holds it (cents); 0 for an unknown account. */
export async function customerBalance(db: Executor, accountId: string, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('customer_accounts')
    .select('balance')
    .where('id', '=', customerId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/**
 * Marks an account changed at `at` (never earlier than it already was), so that the registers' next
 * `GET /pos/v1/customer-accounts` carries it with the back office's operation made at that instant.
 */
export async function touchCustomerAccount(
  db: Executor,
  accountId: string,
  customerId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('customer_accounts')
    .set({ updated_at: sql<Date>`greatest(updated_at, ${at.toISOString()}::timestamptz)` })
    .where('id', '=', customerId)
    .where('account_id', '=', accountId)
    .execute();
}

export async function updateRegisterToken(
  db: Executor,
  registerId: string,
  tokenHash: string,
): Promise<void> {
  await db.updateTable('registers').set({ token_hash: tokenHash }).where('id', '=', registerId).execute();
}

/** Locks the register's row for the batch, so two batches of one register never interleave. */
export function lockRegister(trx: Transaction<Database>, registerId: string) {
  return trx
    .selectFrom('registers')
    .select(['id', 'closed_through'])
    .where('id', '=', registerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function findBatch(db: Executor, registerId: string, batchId: string) {
  return db
    .selectFrom('pos_batches')
    .select(['records', 'content_digest'])
    .where('register_id', '=', registerId)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
}

export function listChainHeads(db: Executor, registerId: string) {
  return db
    .selectFrom('chain_heads')
    .select(['kind', 'last_seq', 'last_sig'])
    .where('register_id', '=', registerId)
    .execute();
}

/** Signatures already stored at these positions, keyed `kind:seq` (replays and conflicts). */
export async function findStoredSignatures(
  db: Executor,
  registerId: string,
  positions: { kind: string; seq: number }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (positions.length === 0) return found;
  const rows = await db
    .selectFrom('pos_records')
    .select(['kind', 'seq', 'sig'])
    .where('register_id', '=', registerId)
    .where((eb) => eb.or(positions.map((p) => eb.and([eb('kind', '=', p.kind), eb('seq', '=', p.seq)]))))
    .execute();
  for (const row of rows) found.set(`${row.kind}:${row.seq}`, row.sig);
  return found;
}

export async function upsertChainHeads(
  trx: Transaction<Database>,
  heads: Insertable<Database['chain_heads']>[],
): Promise<void> {
  if (heads.length === 0) return;
  await trx
    .insertInto('chain_heads')
    .values(heads)
    .onConflict((oc) =>
      oc.columns(['register_id', 'kind']).doUpdateSet((eb) => ({
        last_seq: eb.ref('excluded.last_seq'),
        last_sig: eb.ref('excluded.last_sig'),
        server_sig: eb.ref('excluded.server_sig'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

export async function setClosedThrough(
  trx: Transaction<Database>,
  registerId: string,
  day: string,
): Promise<void> {
  await trx.updateTable('registers').set({ closed_through: day }).where('id', '=', registerId).execute();
}

export async function insertBatch(trx: Transaction<Database>, row: Insertable<Database['pos_batches']>) {
  await trx.insertInto('pos_batches').values(row).execute();
}

const ROLLUP_MEASURES = [
  ['orders', 'int'],
  ['covers', 'int'],
  ['quantity', 'bigint'],
  ['amount_ivat', 'bigint'],
  ['amount_evat', 'bigint'],
  ['amount_tax', 'bigint'],
  ['discount', 'bigint'],
  ['offered', 'bigint'],
] as const;

/**
 * Adds rollup rows into the stored ones, keyed by company, dimension, day (or month), activity
 * type and key. The rows travel as one typed array per column (`unnest`): a third cheaper than one
 * JSON object per row (`json_populate_recordset`).
 */
async function addRollupRows(
  trx: Transaction<Database>,
  table: 'daily_rollups' | 'monthly_rollups',
  rows: Omit<NewDailyRollup, 'business_day'>[],
  days: { column: 'business_day' | 'month'; values: string[] },
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: Omit<NewDailyRollup, 'business_day'>) => T) => rows.map(pick);
  const measures = ROLLUP_MEASURES.map(
    ([name, type]) => sql`${column((row) => row[name])}::${sql.raw(type)}[]`,
  );
  const names = ROLLUP_MEASURES.map(([name]) => sql.ref(name));
  const add = ROLLUP_MEASURES.map(
    ([name]) => sql`${sql.ref(name)} = ${sql.ref(`${table}.${name}`)} + ${sql.ref(`excluded.${name}`)}`,
  );
  const day = sql.ref(days.column);
  await sql`insert into ${sql.table(table)}
      (account_id, company_id, ${day}, activity_type, dimension, key, label, ${sql.join(names)})
    select * from unnest(
      ${column((row) => row.account_id)}::uuid[], ${column((row) => row.company_id)}::uuid[],
      ${days.values}::date[], ${column((row) => row.activity_type)}::smallint[],
      ${column((row) => row.dimension)}::text[], ${column((row) => row.key)}::text[],
      ${column((row) => row.label)}::text[], ${sql.join(measures)})
    on conflict (company_id, dimension, ${day}, activity_type, key)
    do update set ${sql.join(add)}, label = excluded.label`.execute(trx);
}

/** Adds a batch's daily and monthly rollups into the stored ones. */
export async function addRollups(
  trx: Transaction<Database>,
  daily: NewDailyRollup[],
  monthly: NewMonthlyRollup[],
): Promise<void> {
  await addRollupRows(trx, 'daily_rollups', daily, {
    column: 'business_day',
    values: daily.map((row) => row.business_day),
  });
  await addRollupRows(trx, 'monthly_rollups', monthly, {
    column: 'month',
    values: monthly.map((row) => row.month),
  });
}

export async function upsertCustomerAccounts(
  trx: Transaction<Database>,
  rows: Insertable<Database['customer_accounts']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('customer_accounts')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          type: eb.ref('excluded.type'),
          lastname: eb.ref('excluded.lastname'),
          firstname: eb.ref('excluded.firstname'),
          card_number: eb.ref('excluded.card_number'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          address_street: eb.ref('excluded.address_street'),
          address_zipcode: eb.ref('excluded.address_zipcode'),
          address_city: eb.ref('excluded.address_city'),
          note: eb.ref('excluded.note'),
          is_company: eb.ref('excluded.is_company'),
          company_name: eb.ref('excluded.company_name'),
          company_siren: eb.ref('excluded.company_siren'),
          company_vat: eb.ref('excluded.company_vat'),
          search: eb.ref('excluded.search'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        // A register never rewrites another account's customer.
        .where('customer_accounts.account_id', '=', (eb) => eb.ref('excluded.account_id')),
    )
    .execute();
}

export async function linkCustomerAccounts(
  trx: Transaction<Database>,
  rows: Insertable<Database['customer_account_companies']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('customer_account_companies')
    .values(rows)
    .onConflict((oc) => oc.columns(['customer_account_id', 'company_id']).doNothing())
    .execute();
}

/** Customer ids among `ids` that belong to another account. */
export async function foreignCustomerIds(trx: Transaction<Database>, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('customer_accounts')
    .select('id')
    .where('id', 'in', ids)
    .where('account_id', '!=', accountId)
    .execute();
  return rows.map((r) => r.id);
}

export async function applyCustomerBalances(
  trx: Transaction<Database>,
  accountId: string,
  updates: { id: string; balance: number; visits: number }[],
): Promise<void> {
  for (const u of updates) {
    await trx
      .updateTable('customer_accounts')
      .set((eb) => ({ balance: u.balance, visits: eb('visits', '+', u.visits) }))
      .where('id', '=', u.id)
      .where('account_id', '=', accountId)
      .execute();
  }
}

export async function upsertCatalog(
  trx: Transaction<Database>,
  tenant: { account_id: string; company_id: string },
  catalog: CatalogRequest,
): Promise<void> {
  const upsert = async <T extends keyof Database & string>(
    table: T,
    rows: Insertable<Database[T]>[],
    columns: string[],
  ) => {
    if (rows.length === 0) return;
    const set = Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]));
    await trx
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic table name
      .values(rows as any)
      // A register only updates its own establishment's rows.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic table name
      .onConflict((oc: any) =>
        oc
          .column('id')
          .doUpdateSet(set)
          .where(sql.ref(`${table}.company_id`), '=', sql`${tenant.company_id}::uuid`),
      )
      .execute();
  };
  await upsert(
    'vat_rates',
    catalog.vatRates.map((v) => ({
      ...tenant,
      id: v.id,
      rate: v.rateBp / 10000,
      rate_bp: v.rateBp,
      label: v.label,
    })),
    ['rate', 'rate_bp', 'label'],
  );
  await upsert(
    'product_categories',
    catalog.categories.map((c) => ({ ...tenant, id: c.id, name: c.name, position: c.position })),
    ['name', 'position'],
  );
  await upsert(
    'products',
    catalog.products.map((p) => ({
      ...tenant,
      id: p.id,
      category_id: p.categoryId,
      name: p.name,
      price: p.price,
      vat_rate_bp: p.vatRateBp,
      product_type: p.productType,
      is_active: p.isActive,
    })),
    ['category_id', 'name', 'price', 'vat_rate_bp', 'product_type', 'is_active'],
  );
  await upsert(
    'payment_types',
    catalog.paymentTypes.map((p) => ({ ...tenant, id: p.id, name: p.name, code: p.code, is_cash: p.isCash })),
    ['name', 'code', 'is_cash'],
  );
  await upsert(
    'rooms',
    catalog.rooms.map((r) => ({ ...tenant, id: r.id, name: r.name })),
    ['name'],
  );
  await upsert(
    'dining_tables',
    catalog.rooms.flatMap((r) =>
      r.tables.map((t) => ({ ...tenant, id: t.id, room_id: r.id, name: t.name, seats: t.seats })),
    ),
    ['room_id', 'name', 'seats'],
  );
  await upsert(
    'pos_staff',
    catalog.staff.map((s) => ({
      ...tenant,
      id: s.id,
      firstname: s.firstname,
      lastname: s.lastname,
      role: s.role,
    })),
    ['firstname', 'lastname', 'role'],
  );
}

/**
 * The last business day the server has closed for the company (server closures), read with a share
 * lock: the closing job waits for this batch, and this batch for a closing in progress.
 */
export async function lockCompanyClosedThrough(trx: Transaction<Database>, companyId: string) {
  const row = await trx
    .selectFrom('companies')
    .select('fiscal_closed_through')
    .where('id', '=', companyId)
    .forShare()
    .executeTakeFirst();
  return row?.fiscal_closed_through ?? null;
}

/**
 * Per kind, the SQL of the digests of a set of records (`$1`, their ids): per record and sealed
 * table, the row count then the rows in PostgreSQL's binary form (self-delimiting, independent of
 * time zone and date style), by id. Each table is read through its link index one record at a time,
 * a plan that holds without statistics (PGlite never gathers any by itself).
 */
const DIGEST_SQL = new Map<RecordKind, string>(
  (Object.entries(SEALED_TABLES) as [RecordKind, readonly SealedTable[]][]).map(([kind, tables]) => {
    const joins = tables.map((s, i) => {
      const row = `record_send(row(${s.columns.map((c) => `t.${c}`).join(', ')}))`;
      const tracking = s.isTracking ? ` and t.record_kind = '${kind}' and t.source = 'pos'` : '';
      return (
        `cross join lateral (select int4send(count(*)::int4) || coalesce(string_agg(${row}, ''::bytea order by t.id), ''::bytea) as s ` +
        `from ${s.table} t where t.${s.link} = r.rid${tracking}) p${i}`
      );
    });
    const parts = tables.map((_, i) => `p${i}.s`).join(' || ');
    return [
      kind,
      `select r.rid::text as rid, encode(sha256(${parts}), 'hex') as digest from unnest($1::uuid[]) as r(rid) ${joins.join(' ')}`,
    ];
  }),
);

/**
 * The digest of the rows stored today for each record of `kind` (by its id), computed by the
 * database from the sealed layout: the same text at ingestion and at every check, on either engine.
 */
export async function storedRowDigests(
  db: Executor,
  kind: RecordKind,
  recordIds: readonly string[],
): Promise<Map<string, string>> {
  if (recordIds.length === 0) return new Map();
  const { rows } = await db.executeQuery<{ rid: string; digest: string }>(
    CompiledQuery.raw(DIGEST_SQL.get(kind)!, [recordIds]),
  );
  return new Map(rows.map((r) => [r.rid, r.digest]));
}

/**
 * The establishment's customer accounts changed after `since` (all when null), present or removed.
 * `credit_limit` is read through `to_jsonb` so that the query holds before its migration lands.
 */
export function listCustomerAccountChanges(
  db: Executor,
  scope: { accountId: string; companyId: string },
  since: string | null,
) {
  let query = db
    .selectFrom('customer_accounts as ca')
    .innerJoin('customer_account_companies as cac', 'cac.customer_account_id', 'ca.id')
    .select([
      'ca.id',
      'ca.lastname',
      'ca.firstname',
      'ca.card_number',
      'ca.email',
      'ca.phone',
      'ca.type',
      'ca.removed_at',
      // Microseconds kept, so that the cursor made of it is exact.
      sql<string>`to_char(ca.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'changed_at',
      ),
      sql<string | null>`to_jsonb(ca) ->> 'credit_limit'`.as('credit_limit'),
      'ca.balance',
    ])
    .where('ca.account_id', '=', scope.accountId)
    .where('cac.company_id', '=', scope.companyId);
  if (since) query = query.where('ca.updated_at', '>', sql<Date>`${since}::timestamptz`);
  return query.orderBy('ca.updated_at').orderBy('ca.id').execute();
}

/**
 * The operations the establishment's back-office registers recorded after `since` on these accounts
 * (payments received outside the till), oldest first.
 */
export function listBackOfficeOperations(
  db: Executor,
  scope: { accountId: string; companyId: string },
  customerIds: readonly string[],
  since: string,
) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_operations as co')
    .innerJoin('registers as r', 'r.id', 'co.register_id')
    .select([
      'co.id',
      'co.customer_account_id',
      'co.business_day',
      'co.at',
      'co.operation',
      'co.amount',
      'co.balance_after',
      'co.payment_name',
    ])
    .where('co.account_id', '=', scope.accountId)
    .where('co.company_id', '=', scope.companyId)
    .where('r.is_back_office', '=', true)
    .where('co.customer_account_id', 'in', customerIds)
    .where('co.at', '>', sql<Date>`${since}::timestamptz`)
    .orderBy('co.at')
    .orderBy('co.seq')
    .execute();
}

/** The account-wide customer-account options saved for an account. */
export function listCustomerOptions(db: Executor, accountId: string) {
  return db
    .selectFrom('customer_account_options')
    .select(['key', 'value'])
    .where('account_id', '=', accountId)
    .where('company_id', 'is', null)
    .execute();
}

/**
 * The charges a register recorded over a closure's business days, on present accounts that have an
 * e-mail address: what the tab tickets mailed at the closure hold.
 */
export function listClosureCharges(
  db: Executor,
  register: { id: string; account_id: string },
  days: { startDay: string; endDay: string },
) {
  return db
    .selectFrom('customer_operations as op')
    .innerJoin('customer_accounts as ca', 'ca.id', 'op.customer_account_id')
    .select(['op.id', 'op.customer_account_id', 'ca.email'])
    .where('op.register_id', '=', register.id)
    .where('op.account_id', '=', register.account_id)
    .where('op.operation', '=', 'charge')
    .where('op.business_day', '>=', days.startDay)
    .where('op.business_day', '<=', days.endDay)
    .where('ca.removed_at', 'is', null)
    .where('ca.email', 'is not', null)
    .where('ca.email', '<>', '')
    .orderBy('op.customer_account_id')
    .orderBy('op.at')
    .execute();
}

/** The rate limit's name of a register's batches in `rate_limit_counters` (migration 037), keyed by register. */
const BATCH_RATE = 'pos:batches';
const BATCH_RATE_WINDOW_MS = 60_000;

/** The register's stored batches in its current one-minute window, and the milliseconds left of it. */
export async function batchRate(
  db: Executor,
  registerId: string,
  now: number,
): Promise<{ hits: number; ttlMs: number }> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['hits', 'window_start_ms', 'window_ms'])
    .where('name', '=', BATCH_RATE)
    .where('key', '=', registerId)
    .executeTakeFirst();
  const end = row ? Number(row.window_start_ms) + Number(row.window_ms) : 0;
  return end > now ? { hits: row!.hits, ttlMs: end - now } : { hits: 0, ttlMs: BATCH_RATE_WINDOW_MS };
}

/**
 * Counts one more batch of the register (in the batch's transaction: a refused batch counts nothing);
 * a window starts at its first batch and lasts a minute, as the shared rate limits count.
 */
export async function countBatch(
  trx: Executor,
  registerId: string,
  now: number,
): Promise<{ hits: number; ttlMs: number }> {
  const { rows } = await sql<{ hits: number; window_start_ms: number | string }>`
    insert into rate_limit_counters as c (name, key, window_start_ms, window_ms, hits)
    values (${BATCH_RATE}, ${registerId}, ${now}, ${BATCH_RATE_WINDOW_MS}, 1)
    on conflict (name, key) do update set
      hits = case when c.window_start_ms + c.window_ms <= ${now} then 1 else c.hits + 1 end,
      window_start_ms = case when c.window_start_ms + c.window_ms <= ${now} then ${now} else c.window_start_ms end,
      window_ms = ${BATCH_RATE_WINDOW_MS}
    returning hits, window_start_ms`.execute(trx);
  const row = rows[0]!;
  return { hits: row.hits, ttlMs: Math.max(0, Number(row.window_start_ms) + BATCH_RATE_WINDOW_MS - now) };
}
