import { addCalendarDays, parisToday } from '@comptoir/contracts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { demoAccounts } from '@comptoir/pos-sim';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-users';
import { loadDemo } from '../apps/server/src/demo/load-demo';
import { loadConfig } from '../apps/server/src/platform/config';
import { loadDemoYear } from './ingestion.bench';
import type { BenchContext, BenchLine } from './bench-line';

const RUNS = 15;
const RAW_RUNS = 5;
const PGLITE_BUDGET_MS = 100;
const POSTGRES_BUDGET_MS = 30;

/**
 * Each report over twelve months for the suite account's three establishments, on the demo year:
 * the median server time of 15 calls through `app.inject` (routing, guard, SQL, serialisation),
 * on PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL. For the sales
 * analysis, also the same figures computed from the raw order and payment lines, and the ratio.
 */
export async function reportsBench(context: BenchContext): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  // BENCH_DEMO_DIR: a data directory that already holds the demo year (kept between runs).
  const givenDir = context.demoYearDir ?? process.env.BENCH_DEMO_DIR;
  const ownDir = givenDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  try {
    const dataDir = givenDir ?? ownDir!;
    if (ownDir) {
      const loaded = await loadDemoYear(ownDir);
      console.log(`demo year for the report bench loaded in ${loaded.seconds.toFixed(1)} s`);
    }
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    lines.push(...(await measureReports(database, dataDir, 'PGlite', PGLITE_BUDGET_MS)));
    await database.close();
  } finally {
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('reports on PostgreSQL: skipped (set BENCH_DATABASE_URL, see scripts/postgres.sh)');
    return lines;
  }
  const postgres = await freshPostgresDatabase(serverUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-pg-'));
  try {
    const app = await startApp(postgres.handle, dataDir);
    const loaded = await loadDemo(app, { days: 365, until: new Date().toISOString() });
    await app.close();
    console.log(`demo year loaded into PostgreSQL through /pos/v1 in ${loaded.seconds.toFixed(1)} s`);
    // What autovacuum does on a server minutes after such a load: the planner's statistics.
    await sql`analyze`.execute(postgres.handle.db);
    lines.push(...(await measureReports(postgres.handle, dataDir, 'PostgreSQL', POSTGRES_BUDGET_MS)));
  } finally {
    await postgres.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

async function startApp(database: DatabaseHandle, dataDir: string): Promise<FastifyInstance> {
  const config = { ...loadConfig({ DATA_DIR: dataDir }), seedDemo: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

export async function freshPostgresDatabase(serverUrl: string) {
  const name = `comptoir_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function medianMs(runs: number, call: () => Promise<unknown>): Promise<number> {
  // Warm-up: query plans, JIT, caches, as on a server that has been up for a while.
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measureReports(
  database: DatabaseHandle,
  dataDir: string,
  engine: string,
  budget: number,
): Promise<BenchLine[]> {
  const app = await startApp(database, dataDir);
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'demo@comptoir.test', password: DEMO_PASSWORD, scope: 'bo-client' },
    });
    const { accessToken } = login.json() as { accessToken: string };
    const companyIds = demoAccounts()
      .find((a) => a.key === 'suite')!
      .establishments.map((e) => e.companyId);
    const end = parisToday();
    const begin = addCalendarDays(end, -365);
    const headers = {
      authorization: `Bearer ${accessToken}`,
      'x-id-company': companyIds.join(','),
      'x-date-begin': begin,
      'x-date-end': end,
    };
    const call = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const newest = await database.db
      .selectFrom('services')
      .select('id')
      .where('company_id', '=', companyIds[0]!)
      .orderBy('closing_date', 'desc')
      .executeTakeFirstOrThrow();

    const rollups = await database.db
      .selectFrom('daily_rollups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const shifts = (await call('/api/reports/shift-details')).json().total as number;
    console.log(
      `reports on ${engine}: ${begin} to ${end}, ${companyIds.length} establishments, ` +
        `${Number(rollups.n)} rollup rows in all, ${shifts} shifts; median of ${RUNS} calls`,
    );

    const reports: [string, string][] = [
      ['sales-analysis', '/api/reports/sales-analysis'],
      ['sales-analysis, on site only', '/api/reports/sales-analysis?activity=1'],
      ['shift-details, first page', '/api/reports/shift-details'],
      ['weekday-details', '/api/reports/weekday-details'],
      ['control-strip (newest shift)', `/api/reports/control-strip?serviceId=${newest.id}`],
      ['settings', '/api/reports/settings'],
    ];
    const lines: BenchLine[] = [];
    for (const [name, url] of reports) {
      const value = await medianMs(RUNS, () => call(url));
      lines.push({ name: `${name} 12 months (${engine})`, value, unit: 'ms', budget });
    }

    // Not a page anyone reads: the table's CSV export asks for the shifts 500 at a time.
    const exportPage = await medianMs(RUNS, () => call('/api/reports/shift-details?pageSize=500'));
    console.log(`shift-details, a CSV export page of 500 shifts (${engine}): ${exportPage.toFixed(1)} ms`);

    const fromRollups = lines[0]!.value;
    const analysis = (await call('/api/reports/sales-analysis')).json();
    const raw = await salesAnalysisFromLines(database, companyIds, analysis.previousPeriod.begin, begin, end);
    const categories = Object.fromEntries(
      (analysis.breakdowns.category as { key: string; turnoverIvat: number }[]).map((r) => [
        r.key,
        r.turnoverIvat,
      ]),
    );
    const isSame =
      raw.turnover === analysis.current.turnoverIvat &&
      Object.keys(categories).length === Object.keys(raw.categories).length &&
      Object.entries(categories).every(([key, amount]) => raw.categories[key] === amount);
    const fromLines = await medianMs(RAW_RUNS, () =>
      salesAnalysisFromLines(database, companyIds, analysis.previousPeriod.begin, begin, end),
    );
    console.log(
      `sales-analysis from the raw order and payment lines (${engine}): ${fromLines.toFixed(1)} ms ` +
        `(median of ${RAW_RUNS}), same totals and categories: ${isSame ? 'yes' : 'NO'}; ` +
        `rollups / raw lines = ${(fromRollups / fromLines).toFixed(3)} ` +
        `(${(fromLines / fromRollups).toFixed(0)}x faster)`,
    );
    return lines;
  } finally {
    await app.close();
  }
}

/**
 * What the sales analysis gives, computed from the raw rows instead of the rollups: totals per day
 * over both periods from the orders, breakdowns from the order lines (category, product, VAT rate),
 * the orders (hour, staff, room, activity type) and the payment lines.
 */
async function salesAnalysisFromLines(
  database: DatabaseHandle,
  companyIds: string[],
  previousBegin: string,
  begin: string,
  end: string,
) {
  const db = database.db;
  const inPeriod = (from: string) =>
    sql`company_id = any(${companyIds}::uuid[]) and business_day between ${from} and ${end}`;
  const orderSums = sql`sum(case when cancels_order_id is null then 1 else -1 end)::bigint as orders,
    sum(case when cancels_order_id is null then covers else -covers end)::bigint as covers,
    sum(amount_total_ivat)::bigint as ivat, sum(amount_total_evat)::bigint as evat,
    sum(amount_tax)::bigint as tax, sum(amount_discount_ivat)::bigint as discount,
    sum(amount_offered_ivat)::bigint as offered`;
  const lineSums = sql`count(distinct order_id)::bigint as orders, sum(quantity)::bigint as quantity,
    sum(price)::bigint as ivat, sum(amount_evat)::bigint as evat, sum(amount_tax)::bigint as tax,
    sum(discount)::bigint as discount, sum(offered)::bigint as offered`;
  const byDay = await sql`select business_day, ${orderSums} from orders where ${inPeriod(previousBegin)}
    group by business_day`.execute(db);
  await sql`select business_day, sum(quantity)::bigint from order_lines
    where ${inPeriod(previousBegin)} and not removed group by business_day`.execute(db);
  const categories = await sql<{ key: string; ivat: number }>`select category_name as key, ${lineSums}
    from order_lines where ${inPeriod(begin)} and not removed group by category_name`.execute(db);
  for (const column of ['product_name', 'vat_rate']) {
    await sql`select ${sql.ref(column)}, ${lineSums} from order_lines where ${inPeriod(begin)} and not removed
      group by ${sql.ref(column)}`.execute(db);
  }
  await sql`select extract(hour from closing_date at time zone 'Europe/Paris') as hour, ${orderSums}
    from orders where ${inPeriod(begin)} group by 1`.execute(db);
  for (const column of ['user_id', 'room_name', 'activity_type']) {
    await sql`select ${sql.ref(column)}, ${orderSums} from orders where ${inPeriod(begin)}
      group by ${sql.ref(column)}`.execute(db);
  }
  await sql`select payment_name, count(distinct order_id)::bigint as orders, sum(amount)::bigint as ivat
    from payment_lines where ${inPeriod(begin)} and not removed group by payment_name`.execute(db);
  const turnover = (byDay.rows as { business_day: string; ivat: number }[])
    .filter((r) => r.business_day >= begin)
    .reduce((n, r) => n + r.ivat, 0);
  return {
    turnover,
    categories: Object.fromEntries(categories.rows.map((r) => [r.key, r.ivat])) as Record<string, number>,
  };
}
