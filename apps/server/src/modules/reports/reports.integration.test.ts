import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import {
  SHIFT_PAGE_SIZE_MAX,
  type BreakdownRow,
  type ReportFigures,
  type SalesAnalysis,
  addCalendarDays,
  parisToday,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, createTestUser, openViewAs, signInAs, type TestApp } from '../../test-helpers';

/**
 * Three demo days (Thursday 5 to Saturday 7 March 2026) through the real ingestion; the Friday holds
 * two cancellations after payment. Every rollup-based figure is checked against an independent
 * computation from the raw orders, order lines and payment lines.
 */
const FIRST = '2026-03-05';
const LAST = '2026-03-07';

const [suite, standard] = demoAccounts();
const suiteCompanyIds = suite!.establishments.map((e) => e.companyId);
const brasserieId = suiteCompanyIds[0]!;
const creperieId = standard!.establishments[0]!.companyId;

let t: TestApp;
let holderToken: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 3, endDay: LAST });
  holderToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t.close());

const db = () => t.database.db;
/** The demo account's holder. */
const holder = () => t.as(holderToken);

function period(begin: string, end: string, companyIds = suiteCompanyIds) {
  return { 'x-date-begin': begin, 'x-date-end': end, 'x-id-company': companyIds.join(',') };
}

async function salesAnalysis(begin: string, end: string, query = '', companyIds = suiteCompanyIds) {
  const res = await holder().get(`/api/reports/sales-analysis${query}`, {
    headers: period(begin, end, companyIds),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as SalesAnalysis;
}

interface RawScope {
  begin: string;
  end: string;
  companyIds?: string[];
  activityTypes?: number[];
}

/** Orders of the scope, straight from the orders table: a cancellation counts as minus one order. */
function rawOrders(scope: RawScope) {
  const activity = scope.activityTypes ?? [1, 2, 3];
  return sql`
    select * from orders
     where company_id = any(${scope.companyIds ?? suiteCompanyIds}::uuid[])
       and business_day between ${scope.begin} and ${scope.end}
       and activity_type = any(${activity}::int[])`;
}

async function rawFigures(scope: RawScope): Promise<ReportFigures> {
  const { rows } = await sql<ReportFigures>`
    select sum(case when o.cancels_order_id is null then 1 else -1 end)::int as orders,
           sum(case when o.cancels_order_id is null then o.covers else -o.covers end)::int as covers,
           sum((select coalesce(sum(l.quantity), 0) from order_lines l
                 where l.order_id = o.id and not l.removed))::int as quantity,
           sum(o.amount_total_ivat)::int as "turnoverIvat",
           sum(o.amount_total_evat)::int as "turnoverEvat",
           sum(o.amount_tax)::int as tax,
           sum(o.amount_discount_ivat)::int as discount,
           sum(o.amount_offered_ivat)::int as offered
      from (${rawOrders(scope)}) o`.execute(db());
  const figures = rows[0]!;
  return figures.orders === null
    ? { orders: 0, covers: 0, quantity: 0, turnoverIvat: 0, turnoverEvat: 0, tax: 0, discount: 0, offered: 0 }
    : figures;
}

/** Turnover incl. VAT per group, from the non-removed order lines or payment lines. */
async function rawTurnover(scope: RawScope, by: 'vat' | 'payment' | 'category' | 'hour' | 'activity') {
  const query = {
    vat: sql`select ((l.vat_rate * 10000)::int)::text as key, sum(l.price)::int as amount
               from order_lines l join (${rawOrders(scope)}) o on o.id = l.order_id
              where not l.removed group by 1`,
    payment: sql`select p.payment_name as key, sum(p.amount)::int as amount
                   from payment_lines p join (${rawOrders(scope)}) o on o.id = p.order_id
                  where not p.removed group by 1`,
    category: sql`select l.category_name as key, sum(l.price)::int as amount
                    from order_lines l join (${rawOrders(scope)}) o on o.id = l.order_id
                   where not l.removed group by 1`,
    hour: sql`select lpad(extract(hour from o.closing_date at time zone 'Europe/Paris')::int::text, 2, '0') as key,
                     sum(o.amount_total_ivat)::int as amount
                from (${rawOrders(scope)}) o group by 1`,
    activity: sql`select o.activity_type::text as key, sum(o.amount_total_ivat)::int as amount
                    from (${rawOrders(scope)}) o group by 1`,
  }[by];
  const { rows } = await sql<{ key: string; amount: number }>`${query}`.execute(db());
  return Object.fromEntries(rows.map((r) => [r.key, r.amount]));
}

const turnoverByKey = (rows: BreakdownRow[]) => Object.fromEntries(rows.map((r) => [r.key, r.turnoverIvat]));

describe('the demo days loaded', () => {
  it('hold cancellations after payment, line corrections and lines removed before payment on the Friday', async () => {
    const friday = { begin: '2026-03-06', end: '2026-03-06' };
    const { rows } = await sql<{ cancellations: number; corrected: number; removed: number }>`
      select (select count(*) from (${rawOrders(friday)}) o where o.cancels_order_id is not null)::int as cancellations,
             (select count(*) from tracking tr join (${rawOrders(friday)}) o on o.id = tr.record_id
               where tr.table_name = 'order_line' and tr.action = 'update')::int as corrected,
             (select count(*) from order_lines l join (${rawOrders(friday)}) o on o.id = l.order_id
               where l.removed)::int as removed`.execute(db());
    expect(rows[0]!.cancellations).toBeGreaterThan(0);
    expect(rows[0]!.corrected).toBeGreaterThan(0);
    expect(rows[0]!.removed).toBeGreaterThan(0);
  });
});

describe('GET /api/reports/sales-analysis', () => {
  it('gives turnover incl. and excl. VAT, tax, orders, covers, quantity, discounts and offered items equal to the cent to the raw orders', async () => {
    const report = await salesAnalysis(FIRST, LAST);
    const raw = await rawFigures({ begin: FIRST, end: LAST });
    expect(raw.turnoverIvat).toBeGreaterThan(0);
    expect(report.period).toEqual({ begin: FIRST, end: LAST });
    expect(report.current).toEqual(raw);
    // Average ticket and average per cover, as the page shows them, follow.
    expect(report.current.turnoverIvat / report.current.orders).toBe(raw.turnoverIvat / raw.orders);
    expect(report.current.turnoverIvat / report.current.covers).toBe(raw.turnoverIvat / raw.covers);
  });

  it('breaks the turnover down per VAT rate, payment type, category, hour and activity type as the raw lines do', async () => {
    const scope = { begin: FIRST, end: LAST };
    const { breakdowns } = await salesAnalysis(FIRST, LAST);
    expect(turnoverByKey(breakdowns.vatRate)).toEqual(await rawTurnover(scope, 'vat'));
    expect(turnoverByKey(breakdowns.paymentType)).toEqual(await rawTurnover(scope, 'payment'));
    expect(turnoverByKey(breakdowns.category)).toEqual(await rawTurnover(scope, 'category'));
    expect(turnoverByKey(breakdowns.hour)).toEqual(await rawTurnover(scope, 'hour'));
    expect(turnoverByKey(breakdowns.activityType)).toEqual(await rawTurnover(scope, 'activity'));
    expect(Object.keys(turnoverByKey(breakdowns.vatRate)).sort()).toEqual(['1000', '2000', '550']);
  });

  it('agrees with the raw lines to the cent on the day with cancellations and corrections', async () => {
    const friday = { begin: '2026-03-06', end: '2026-03-06' };
    const report = await salesAnalysis(friday.begin, friday.end);
    expect(report.current).toEqual(await rawFigures(friday));
    expect(turnoverByKey(report.breakdowns.vatRate)).toEqual(await rawTurnover(friday, 'vat'));
    expect(turnoverByKey(report.breakdowns.paymentType)).toEqual(await rawTurnover(friday, 'payment'));
    expect(turnoverByKey(report.breakdowns.category)).toEqual(await rawTurnover(friday, 'category'));
  });

  it('keeps every breakdown consistent with the period total', async () => {
    const report = await salesAnalysis(FIRST, LAST);
    const sum = (rows: BreakdownRow[]) => rows.reduce((n, r) => n + r.turnoverIvat, 0);
    for (const [name, rows] of Object.entries(report.breakdowns)) {
      expect({ [name]: sum(rows) }).toEqual({ [name]: report.current.turnoverIvat });
    }
    const products = report.breakdowns.product.map((p) => p.turnoverIvat);
    expect(products).toEqual([...products].sort((a, b) => b - a));
    expect(report.breakdowns.hour.map((h) => h.key)).toEqual(report.breakdowns.hour.map((h) => h.key).sort());
  });

  it('filters every figure by activity type, and the filtered figures add up to the unfiltered ones', async () => {
    const all = await salesAnalysis(FIRST, LAST);
    const byActivity = await Promise.all(
      ['1', '2', '3'].map((a) => salesAnalysis(FIRST, LAST, `?activity=${a}`)),
    );
    for (const [i, report] of byActivity.entries()) {
      const scope = { begin: FIRST, end: LAST, activityTypes: [i + 1] };
      expect(report.current).toEqual(await rawFigures(scope));
      expect(turnoverByKey(report.breakdowns.category)).toEqual(await rawTurnover(scope, 'category'));
      expect(report.breakdowns.activityType.map((r) => r.key)).toEqual([String(i + 1)]);
    }
    expect(byActivity.every((r) => r.current.orders > 0)).toBe(true);
    for (const key of ['orders', 'covers', 'turnoverIvat', 'tax', 'discount'] as const) {
      expect(byActivity.reduce((n, r) => n + r.current[key], 0)).toBe(all.current[key]);
    }
    const takeawayAndDelivery = await salesAnalysis(FIRST, LAST, '?activity=2,3');
    expect(takeawayAndDelivery.current.turnoverIvat).toBe(
      byActivity[1]!.current.turnoverIvat + byActivity[2]!.current.turnoverIvat,
    );
  });

  it('compares with the previous period of the same length, just before', async () => {
    const report = await salesAnalysis('2026-03-06', '2026-03-07');
    expect(report.previousPeriod).toEqual({ begin: '2026-03-04', end: '2026-03-05' });
    expect(report.current).toEqual(await rawFigures({ begin: '2026-03-06', end: '2026-03-07' }));
    // The demo starts on the 5th: the previous period holds that day only.
    expect(report.previous).toEqual(await rawFigures({ begin: '2026-03-05', end: '2026-03-05' }));
    expect(report.previous.turnoverIvat).toBeGreaterThan(0);
  });

  it('draws the series by day up to a month, by week from Monday or by month on request', async () => {
    const byDay = await salesAnalysis(FIRST, LAST);
    expect(byDay.granularity).toBe('day');
    expect(byDay.series.map((s) => s.bucket)).toEqual([FIRST, '2026-03-06', LAST]);
    for (const bucket of byDay.series) {
      const { turnoverIvat, orders } = await rawFigures({ begin: bucket.bucket, end: bucket.bucket });
      expect(bucket).toMatchObject({ turnoverIvat, orders });
    }
    const byWeek = await salesAnalysis('2026-03-01', LAST, '?granularity=week');
    expect(byWeek.series.map((s) => s.bucket)).toEqual(['2026-03-02']);
    expect(byWeek.series[0]!.turnoverIvat).toBe(byDay.current.turnoverIvat);
    const byMonth = await salesAnalysis('2025-11-01', LAST);
    expect(byMonth.granularity).toBe('month');
    expect(byMonth.series).toEqual([{ bucket: '2026-03-01', ...byDay.current }]);
  });

  it('gives the same figures whether whole months come from the monthly rollups or not', async () => {
    const days = await salesAnalysis(FIRST, LAST);
    const month = await salesAnalysis('2026-03-01', '2026-03-31');
    const daysAndMonth = await salesAnalysis('2026-02-20', '2026-03-31');
    for (const report of [month, daysAndMonth]) {
      expect(report.current).toEqual(days.current);
      expect(report.breakdowns).toEqual(days.breakdowns);
    }
    // 6 to 31 March reads March minus its days 1 to 5, which hold the 5th's sales.
    const fromSixth = await salesAnalysis('2026-03-06', '2026-03-31');
    const sixthAndSeventh = await salesAnalysis('2026-03-06', LAST);
    expect(fromSixth.breakdowns).toEqual(sixthAndSeventh.breakdowns);
    expect(turnoverByKey(fromSixth.breakdowns.category)).toEqual(
      await rawTurnover({ begin: '2026-03-06', end: LAST }, 'category'),
    );
    const { rows } = await sql<{ dimension: string; daily: number; monthly: number }>`
      select d.dimension, d.amount::int as daily, coalesce(m.amount, 0)::int as monthly
        from (select dimension, sum(amount_ivat) as amount from daily_rollups group by dimension) d
        left join (select dimension, sum(amount_ivat) as amount from monthly_rollups group by dimension) m
          on m.dimension = d.dimension
       where d.dimension <> 'service' and d.dimension not like 'accounting%'`.execute(db());
    expect(rows.map((r) => r.dimension).sort()).toEqual([
      'category',
      'hour',
      'payment_type',
      'product',
      'room',
      'staff',
      'total',
      'vat_rate',
    ]);
    for (const row of rows) expect(row.monthly).toBe(row.daily);
  });

  it('answers zeros and empty lists for a period without sales', async () => {
    const report = await salesAnalysis('2025-06-01', '2025-06-07');
    expect(report.current.turnoverIvat).toBe(0);
    expect(report.series).toEqual([]);
    expect(report.breakdowns.product).toEqual([]);
  });

  it('reads the last seven days ending today when no period is sent', async () => {
    const res = await holder().get('/api/reports/sales-analysis');
    expect(res.statusCode).toBe(200);
    const today = parisToday();
    expect(res.json().period).toEqual({ begin: addCalendarDays(today, -6), end: today });
  });

  it('counts rollups written before the activity split only when no activity filter is set', async () => {
    const day = '2025-01-15';
    await db()
      .insertInto('daily_rollups')
      .values({
        account_id: suite!.accountId,
        company_id: brasserieId,
        business_day: day,
        activity_type: 0,
        dimension: 'total',
        key: '',
        label: '',
        orders: 3,
        covers: 5,
        quantity: 7,
        amount_ivat: 12_000,
        amount_evat: 10_000,
        amount_tax: 2_000,
        discount: 0,
        offered: 0,
      })
      .execute();
    expect((await salesAnalysis(day, day)).current).toMatchObject({ orders: 3, turnoverIvat: 12_000 });
    expect((await salesAnalysis(day, day, '?activity=1,2,3')).current).toMatchObject({
      orders: 0,
      turnoverIvat: 0,
    });
  });

  it('refuses an activity type other than 1, 2 or 3 with 400', async () => {
    const res = await holder().get('/api/reports/sales-analysis?activity=4', {
      headers: period(FIRST, LAST),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('report headers and access', () => {
  const reports = ['sales-analysis', 'shift-details', 'weekday-details'];

  it("refuses another tenant's establishment with 403 COMPANY_FORBIDDEN", async () => {
    for (const report of reports) {
      const res = await holder().get(`/api/reports/${report}`, {
        headers: period(FIRST, LAST, [creperieId]),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('COMPANY_FORBIDDEN');
    }
  });

  it('refuses a sub-user without the sales_reporting service with 403 SUB_USER_NO_ACCESS', async () => {
    const subUser = await createTestUser(db(), {
      accountId: suite!.accountId,
      role: 'sub_user',
      companyIds: [brasserieId],
      services: ['customer_account'],
    });
    const { accessToken } = await signInAs(t, subUser.email);
    for (const url of [...reports.map((r) => `/api/reports/${r}`), '/api/reports/settings']) {
      const res = await t.as(accessToken).get(url, { headers: period(FIRST, LAST, []) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('SUB_USER_NO_ACCESS');
    }
  });

  it('gives a sub-user with sales_reporting the figures of its own establishment only', async () => {
    const token = (await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(token).get('/api/reports/sales-analysis', {
      headers: {
        'x-date-begin': FIRST,
        'x-date-end': LAST,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().current).toEqual(
      await rawFigures({ begin: FIRST, end: LAST, companyIds: [brasserieId] }),
    );
    const refused = await t
      .as(token)
      .get('/api/reports/sales-analysis', { headers: period(FIRST, LAST, [suiteCompanyIds[1]!]) });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a period over 366 days with 400 PERIOD_TOO_LONG, and accepts 366', async () => {
    for (const report of reports) {
      const res = await holder().get(`/api/reports/${report}`, { headers: period('2025-03-06', LAST) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('PERIOD_TOO_LONG');
    }
    const longest = await holder().get('/api/reports/sales-analysis', {
      headers: period('2025-03-07', LAST),
    });
    expect(longest.statusCode).toBe(200);
  });

  it('refuses a call without a token with 401', async () => {
    expect((await t.as(null).get('/api/reports/sales-analysis')).statusCode).toBe(401);
  });
});

describe('GET /api/reports/weekday-details', () => {
  it('adds weekday x hour cells and weekdays up to the period total, with averages per such day', async () => {
    const res = await holder().get('/api/reports/weekday-details', {
      headers: period('2026-03-02', '2026-03-15'),
    });
    expect(res.statusCode).toBe(200);
    const { cells, weekdays } = res.json() as {
      cells: { weekday: number; hour: number; turnoverIvat: number; orders: number }[];
      weekdays: {
        weekday: number;
        days: number;
        turnoverIvat: number;
        orders: number;
        covers: number;
        averageTurnoverIvat: number;
      }[];
    };
    const raw = await rawFigures({ begin: FIRST, end: LAST });
    expect(cells.reduce((n, c) => n + c.turnoverIvat, 0)).toBe(raw.turnoverIvat);
    expect(cells.reduce((n, c) => n + c.orders, 0)).toBe(raw.orders);
    expect(weekdays.reduce((n, w) => n + w.turnoverIvat, 0)).toBe(raw.turnoverIvat);
    expect(weekdays.reduce((n, w) => n + w.covers, 0)).toBe(raw.covers);
    // Two weeks: two of each weekday; the demo's Thursday 5, Friday 6 and Saturday 7.
    expect(weekdays.map((w) => w.days)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(weekdays.filter((w) => w.turnoverIvat > 0).map((w) => w.weekday)).toEqual([4, 5, 6]);
    const friday = weekdays[4]!;
    expect(friday.turnoverIvat).toBe(
      (await rawFigures({ begin: '2026-03-06', end: '2026-03-06' })).turnoverIvat,
    );
    expect(friday.averageTurnoverIvat).toBe(Math.round(friday.turnoverIvat / 2));
    for (const weekday of [4, 5, 6]) {
      const day = addCalendarDays(FIRST, weekday - 4);
      const hours = await rawTurnover({ begin: day, end: day }, 'hour');
      const fromCells = Object.fromEntries(
        cells
          .filter((c) => c.weekday === weekday)
          .map((c) => [String(c.hour).padStart(2, '0'), c.turnoverIvat]),
      );
      expect(fromCells).toEqual(hours);
    }
  });

  it("puts the bar's orders after midnight on the evening's weekday at hours 0 and 1", async () => {
    const barId = suiteCompanyIds[1]!;
    const res = await holder().get('/api/reports/weekday-details', { headers: period(FIRST, LAST, [barId]) });
    const { rows } = await sql<{ weekday: number; hour: number }>`
      select distinct extract(isodow from business_day)::int as weekday,
             extract(hour from closing_date at time zone 'Europe/Paris')::int as hour
        from orders where company_id = ${barId} and business_day between ${FIRST} and ${LAST}
         and extract(hour from closing_date at time zone 'Europe/Paris') < 5`.execute(db());
    expect(rows.length).toBeGreaterThan(0);
    const cells = res.json().cells as { weekday: number; hour: number }[];
    for (const row of rows) expect(cells).toContainEqual(expect.objectContaining(row));
  });
});

describe('GET /api/reports/shift-details', () => {
  type Shift = {
    id: string;
    companyId: string;
    closingDate: string;
    orders: number;
    covers: number;
    turnoverIvat: number;
    expectedCash: number;
    countedCash: number;
    cashDifference: number;
    payments: { amount: number }[];
    cashMovements: { amount: number }[];
  };

  it('lists each shift newest first with its totals, orders, covers, payments and cash', async () => {
    const res = await holder().get(`/api/reports/shift-details?activity=2&pageSize=${SHIFT_PAGE_SIZE_MAX}`, {
      headers: period(FIRST, LAST),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; totals: Record<string, number>; shifts: Shift[] };
    const shifts = body.shifts;
    const { rows } = await sql<{ id: string; orders: number; covers: number; turnover: number }>`
      select s.id, count(o.id) filter (where o.cancels_order_id is null)::int
                   - count(o.id) filter (where o.cancels_order_id is not null)::int as orders,
             coalesce(sum(o.covers), 0)::int as covers, s.amount_total_ivat::int as turnover
        from services s left join orders o on o.service_id = s.id
       where s.company_id = any(${suiteCompanyIds}::uuid[]) and s.business_day between ${FIRST} and ${LAST}
       group by s.id`.execute(db());
    expect(shifts).toHaveLength(rows.length);
    expect(body.total).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    const closings = shifts.map((s) => s.closingDate);
    expect(closings).toEqual([...closings].sort().reverse());
    for (const row of rows) {
      const shift = shifts.find((s) => s.id === row.id)!;
      // The activity filter does not apply to shifts: every order of the shift counts.
      expect(shift).toMatchObject({ orders: row.orders, covers: row.covers, turnoverIvat: row.turnover });
      expect(shift.payments.reduce((n, p) => n + p.amount, 0)).toBe(row.turnover);
      expect(shift.cashDifference).toBe(shift.countedCash - shift.expectedCash);
    }
    expect(body.totals.turnoverIvat).toBe(rows.reduce((n, r) => n + r.turnover, 0));
    expect(body.totals.cashDifference).toBe(shifts.reduce((n, s) => n + s.cashDifference, 0));
    const { rows: movements } = await sql<{ n: number }>`
      select count(*)::int as n from cash_movements
       where company_id = any(${suiteCompanyIds}::uuid[]) and business_day between ${FIRST} and ${LAST}`.execute(
      db(),
    );
    expect(shifts.reduce((n, s) => n + s.cashMovements.length, 0)).toBe(movements[0]!.n);
  });

  it('pages the shifts: the pages put together are the whole list, with the same total', async () => {
    const headers = period(FIRST, LAST);
    const all = (
      await holder().get(`/api/reports/shift-details?pageSize=${SHIFT_PAGE_SIZE_MAX}`, { headers })
    ).json() as { total: number; totals: unknown; shifts: Shift[] };
    expect(all.total).toBeGreaterThan(3);
    const pageSize = 3;
    const pages: Shift[] = [];
    for (let page = 1; page <= Math.ceil(all.total / pageSize); page += 1) {
      const res = await holder().get(`/api/reports/shift-details?page=${page}&pageSize=${pageSize}`, {
        headers,
      });
      const body = res.json() as {
        page: number;
        pageSize: number;
        total: number;
        totals: unknown;
        shifts: Shift[];
      };
      expect(body).toMatchObject({ page, pageSize, total: all.total, totals: all.totals });
      pages.push(...body.shifts);
    }
    expect(pages).toEqual(all.shifts);
    const past = await holder().get(`/api/reports/shift-details?page=999&pageSize=${pageSize}`, { headers });
    expect(past.json()).toMatchObject({ total: all.total, shifts: [] });
  });

  it('refuses a page size above the limit or a page below 1', async () => {
    for (const query of [`pageSize=${SHIFT_PAGE_SIZE_MAX + 1}`, 'page=0', 'pageSize=ten']) {
      const res = await holder().get(`/api/reports/shift-details?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  });
});

describe('GET /api/reports/control-strip', () => {
  async function anyService(companyId: string) {
    return db()
      .selectFrom('services')
      .select(['id', 'number'])
      .where('company_id', '=', companyId)
      .orderBy('closing_date')
      .executeTakeFirstOrThrow();
  }

  it("gives a shift's shift and sales documents in time order", async () => {
    const service = await anyService(brasserieId);
    const res = await holder().get(`/api/reports/control-strip?serviceId=${service.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.service).toMatchObject({
      id: service.id,
      number: service.number,
      companyName: expect.any(String),
    });
    const stored = await db()
      .selectFrom('control_strip_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('service_id', '=', service.id)
      .executeTakeFirstOrThrow();
    expect(body.documents).toHaveLength(Number(stored.n));
    expect(body.documents.length).toBeGreaterThan(0);
    const times = body.documents.map((d: { time: string }) => d.time);
    expect(times).toEqual([...times].sort());
    expect(new Set(body.documents.map((d: { document_type: string }) => d.document_type))).toEqual(
      new Set(['shift', 'sales']),
    );
  });

  it("answers 404 SERVICE_NOT_FOUND for another tenant's service and for an unknown one", async () => {
    const foreign = await anyService(creperieId);
    for (const serviceId of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await holder().get(`/api/reports/control-strip?serviceId=${serviceId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('SERVICE_NOT_FOUND');
    }
  });
});

describe('GET and PUT /api/reports/settings', () => {
  const saved = {
    dayStartHour: 6,
    amountsInclVat: false,
    defaultPeriod: 'currentMonth',
    defaultCompanyIds: [brasserieId],
  };

  it('gives the defaults while nothing is saved', async () => {
    const res = await holder().get('/api/reports/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dayStartHour: 5,
      amountsInclVat: true,
      defaultPeriod: 'last7days',
      defaultCompanyIds: [],
    });
  });

  it('saves the settings and reads them back', async () => {
    const res = await holder().put('/api/reports/settings', saved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(saved);
    expect((await holder().get('/api/reports/settings')).json()).toEqual(saved);
    const changed = { ...saved, dayStartHour: 4, defaultCompanyIds: [] };
    expect((await holder().put('/api/reports/settings', changed)).statusCode).toBe(200);
    expect((await holder().get('/api/reports/settings')).json()).toEqual(changed);
  });

  it("refuses another tenant's default establishment with 403 COMPANY_FORBIDDEN", async () => {
    const res = await holder().put('/api/reports/settings', { ...saved, defaultCompanyIds: [creperieId] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('COMPANY_FORBIDDEN');
  });

  it('refuses invalid settings with 400', async () => {
    for (const payload of [
      { ...saved, dayStartHour: 24 },
      { ...saved, defaultPeriod: 'nextYear' },
    ]) {
      expect((await holder().put('/api/reports/settings', payload)).statusCode).toBe(400);
    }
  });

  it('refuses to save in a view-as-customer session (read-only), and lets it read', async () => {
    const staffToken = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
    const viewAsToken = (await openViewAs(t, staffToken, suite!.accountId)).accessToken;
    expect((await t.as(viewAsToken).get('/api/reports/settings')).statusCode).toBe(200);
    const res = await t.as(viewAsToken).put('/api/reports/settings', saved);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('VIEW_AS_READ_ONLY');
    // Support staff in their own session belong to no account: the route does not admit them.
    const own = await t.as(staffToken).put('/api/reports/settings', { ...saved, defaultCompanyIds: [] });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('ROLE_NOT_ALLOWED');
  });
});
