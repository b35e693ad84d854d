import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { buildDemoTestApp, buildTestApp, signInAs, type TestApp } from '../test-helpers';
import { DEMO_PASSWORD } from './demo-users';
import { isEmptyDatabase, loadDemo, type DemoLoadResult } from './load-demo';
import { dashboardTurnover } from '../modules/dashboard/dashboard.service';

/** Each table's row count and the orders' turnover by establishment: what the demo days left. */
async function demoFootprint(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const footprint: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)}`.execute(
      db,
    );
    footprint[table_name] = count.rows[0]!.n;
  }
  const turnover = await db
    .selectFrom('orders')
    .select(['company_id', sql<number>`sum(amount_total_ivat)::int`.as('turnover')])
    .groupBy('company_id')
    .execute();
  for (const row of turnover) footprint[`turnover ${row.company_id}`] = row.turnover;
  return footprint;
}

const DEMO_DAYS = { days: 3, endDay: '2026-03-14' };

describe('demo data through the POS ingestion API', () => {
  let t: TestApp;
  let demo: DemoLoadResult;
  let loaded: Record<string, number>;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await isEmptyDatabase(t.database.db)).toBe(true);
    demo = await loadDemo(t.app, DEMO_DAYS);
    loaded = await demoFootprint(t.database.db);
  });
  afterAll(() => t.close());

  it('stores every simulated order, and the rollups add up to the same turnover per establishment', async () => {
    const db = t.database.db;
    const byCompany = Object.assign({}, ...demo.stats.map((s) => s.byCompany)) as Record<
      string,
      { orders: number; turnoverIvat: number }
    >;
    const stored = await db
      .selectFrom('orders')
      .select(['company_id', sql<number>`sum(amount_total_ivat)::bigint`.as('turnover')])
      .groupBy('company_id')
      .execute();
    const rolled = await db
      .selectFrom('daily_rollups')
      .select(['company_id', sql<number>`sum(amount_ivat)::bigint`.as('turnover')])
      .where('dimension', '=', 'total')
      .groupBy('company_id')
      .execute();
    expect(Object.keys(byCompany).length).toBe(4);
    for (const [companyId, expected] of Object.entries(byCompany)) {
      expect(stored.find((r) => r.company_id === companyId)?.turnover).toBe(expected.turnoverIvat);
      expect(rolled.find((r) => r.company_id === companyId)?.turnover).toBe(expected.turnoverIvat);
    }
  });

  it('keeps the per-dimension rollups consistent with the total', async () => {
    const rows = await t.database.db
      .selectFrom('daily_rollups')
      .select(['dimension', sql<number>`sum(amount_ivat)::bigint`.as('amount')])
      .where('dimension', 'in', [
        'total',
        'category',
        'hour',
        'vat_rate',
        'activity_type',
        'staff',
        'payment_type',
      ])
      .groupBy('dimension')
      .execute();
    const total = rows.find((r) => r.dimension === 'total')!.amount;
    expect(total).toBeGreaterThan(0);
    for (const row of rows) expect({ [row.dimension]: row.amount }).toEqual({ [row.dimension]: total });
  });

  it('gives the demo holder the turnover of the last day of each establishment', async () => {
    const token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(token).get('/api/dashboard/turnover');
    expect(res.statusCode).toBe(200);
    expect(res.json().companies.map((c: { company_name: string }) => c.company_name)).toHaveLength(3);
  });

  it('shows a sub-user only the establishment it was granted', async () => {
    const token = (await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(token).get('/api/dashboard/turnover');
    expect(res.statusCode).toBe(200);
    expect(res.json().companies).toHaveLength(1);
  });

  it('adds this week from Monday to today and compares it with the same days of last week', async () => {
    const db = t.database.db;
    const companies = await db.selectFrom('companies').select('id').execute();
    const ctx = {
      kind: 'user' as const,
      userId: '00000000-0000-0000-0000-000000000000',
      accountId: '00000000-0000-0000-0000-000000000000',
      role: 'holder' as const,
      groups: [],
      edition: 'standard' as const,
      companyIds: companies.map((c) => c.id),
      selectedCompanyIds: companies.map((c) => c.id),
      services: [],
      sessionId: 's',
    };
    // Saturday 14 March 2026: the demo covers Thursday 12 to Saturday 14, all in the same week.
    const dashboard = await dashboardTurnover(db, ctx, new Date('2026-03-14T20:00:00+01:00'));
    expect(dashboard).toMatchObject({
      today: '2026-03-14',
      weekStart: '2026-03-09',
      lastWeekStart: '2026-03-02',
      lastWeekEnd: '2026-03-07',
    });
    const byCompany = Object.assign({}, ...demo.stats.map((s) => s.byCompany)) as Record<
      string,
      { orders: number; turnoverIvat: number }
    >;
    for (const company of dashboard.companies) {
      expect(company.week).toEqual({
        turnoverIvat: byCompany[company.id]!.turnoverIvat,
        orders: byCompany[company.id]!.orders,
      });
      expect(company.lastWeek).toEqual({ turnoverIvat: 0, orders: 0 });
      expect(company.today.turnoverIvat).toBeGreaterThan(0);
    }
  });

  it('refuses the dashboard without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/turnover' });
    expect(res.statusCode).toBe(401);
  });

  it('gives the test kit a copy of its demo template with the rows loadDemo leaves, every table counted', async () => {
    const copy = await buildDemoTestApp(DEMO_DAYS);
    try {
      expect(loaded.orders).toBeGreaterThan(0);
      expect(await demoFootprint(copy.database.db)).toEqual(loaded);
      await signInAs(copy, 'demo@comptoir.test', DEMO_PASSWORD);
    } finally {
      await copy.close();
    }
  });
});
