import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DispenserCountsRequest,
  WareDatasResponse,
  WareDetailsResponse,
  WareRow,
} from '@comptoir/contracts';
import { DEFAULT_SEED, demoAccounts, registerKeyPair, simulateDispenserPours } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import {
  buildDemoTestApp,
  createTestTenant,
  enrolRegister,
  signInAs,
  type TestApp,
} from '../../test-helpers';

const END_DAY = '2026-03-14';
const DAYS = 3;
const FIRST_DAY = '2026-03-12';

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const establishment = (key: string) => suite.establishments.find((e) => e.key === key)!;
const bar = establishment('bar');
const cafe = establishment('cafe');

let t: TestApp;
let demoToken: string;
/** The bar's main register, whose token its dispenser uses. */
let barRegister: { registerId: string; registerToken: string };
let cafeRegister: { registerId: string; registerToken: string };

/** What the register's dispenser sends, under the register's token. */
function postCounts(register: { registerId: string; registerToken: string }, counts: DispenserCountsRequest) {
  return t
    .asRegister(register.registerToken)
    .post(`/pos/v1/dispensers/counts?registerId=${register.registerId}`, counts);
}

/** The demo account's holder. */
const holder = () => t.as(demoToken);

const period = (companyIds: string[] = [bar.companyId]) => ({
  fromDate: `${FIRST_DAY} 00:00:00`,
  toDate: `${END_DAY} 23:59:59`,
  id_companies: JSON.stringify(companyIds),
});

const db = () => t.database.db;

/** The pours counted from ware_counts alone, per category (business days from 06:00 Paris, as the registers). */
async function pouredPerCategory(serviceIds: string[] | null) {
  const { rows } = await sql<{ category: string; in_shift: number; out_shift: number }>`
    select category,
           coalesce(sum(quantity) filter (where in_shift), 0)::int as in_shift,
           coalesce(sum(quantity) filter (where not in_shift), 0)::int as out_shift
      from ware_counts
     where company_id = ${bar.companyId}
       and poured_at >= (${`${FIRST_DAY} 06:00`}::timestamp at time zone 'Europe/Paris')
       and poured_at < (${'2026-03-15 06:00'}::timestamp at time zone 'Europe/Paris')
       and (${serviceIds === null} or not in_shift or service_id = any(${serviceIds ?? []}::uuid[]))
     group by category`.execute(db());
  return rows;
}

/** Units sold of each category's products, from the order lines. */
async function soldPerCategory(serviceIds: string[] | null) {
  const { rows } = await sql<{ category: string; sold: number }>`
    select w.category, coalesce(sum(l.quantity), 0)::int as sold
      from wares w
      join order_lines l on l.product_id = w.product_id and l.company_id = w.company_id
      join orders o on o.id = l.order_id
     where w.company_id = ${bar.companyId}
       and not l.removed
       and l.business_day between ${FIRST_DAY} and ${END_DAY}
       and (${serviceIds === null} or o.service_id = any(${serviceIds ?? []}::uuid[]))
     group by w.category`.execute(db());
  return rows;
}

function expectRowsMatch(
  rows: WareRow[],
  poured: Awaited<ReturnType<typeof pouredPerCategory>>,
  sold: { category: string; sold: number }[],
) {
  expect(rows.map((r) => r.category_ware_name).sort()).toEqual(
    ['Bières pression', 'Spiritueux', 'Vins au verre'].sort(),
  );
  for (const row of rows) {
    const p = poured.find((x) => x.category === row.category_ware_name) ?? { in_shift: 0, out_shift: 0 };
    const s = sold.find((x) => x.category === row.category_ware_name)?.sold ?? 0;
    expect(row, row.category_ware_name).toMatchObject({
      total_products: s,
      total_in_shift: p.in_shift,
      total_out_shift: p.out_shift,
      total_wares: p.in_shift + p.out_shift,
      difference: p.in_shift + p.out_shift - s,
    });
    expect(row.wares.reduce((n, w) => n + w.ware_products, 0)).toBe(s);
    expect(row.wares.reduce((n, w) => n + w.total_wares, 0)).toBe(row.total_wares);
  }
}

beforeAll(async () => {
  t = await buildDemoTestApp({ days: DAYS, endDay: END_DAY });
  demoToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  // Enrolling a demo register again with its own key gives a fresh token for it.
  const reEnrol = (companyId: string, serial: string, key: string) =>
    enrolRegister(t, demoToken, companyId, {
      name: 'Caisse',
      serial,
      keys: registerKeyPair(DEFAULT_SEED, key),
    });
  barRegister = await reEnrol(bar.companyId, bar.registers[0]!.serial, 'bar-1');
  cafeRegister = await reEnrol(cafe.companyId, cafe.registers[0]!.serial, 'cafe-1');
});
afterAll(() => t.close());

describe('the dispenser counts, through POST /pos/v1/dispensers/counts', () => {
  it("stores the bar's pours of the demo as its dispenser counted them", async () => {
    const simulated = [...simulateDispenserPours({ endDay: END_DAY, days: DAYS, accounts: ['suite'] })];
    const pours = simulated.flatMap((c) => c.pours);
    expect(pours.length).toBeGreaterThan(30);
    const stored = await db()
      .selectFrom('ware_counts')
      .select(['id', 'company_id', 'ware_id', 'service_id', 'poured_at', 'quantity', 'cashed', 'in_shift'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual(
      pours.map((p) => ({
        id: p.id,
        company_id: bar.companyId,
        ware_id: p.wareId,
        service_id: p.serviceId,
        poured_at: new Date(p.pouredAt),
        quantity: p.quantity,
        cashed: p.cashed,
        in_shift: p.serviceId !== null,
      })),
    );
    const wares = await db().selectFrom('wares').select(['id', 'company_id', 'product_id']).execute();
    expect(wares).toHaveLength(simulated[0]!.wares.length);
  });

  it('takes a replayed batch as duplicates, and stores a new pour once', async () => {
    const [first] = simulateDispenserPours({ endDay: END_DAY, days: DAYS, accounts: ['suite'] });
    const replay = await postCounts(barRegister, { wares: first!.wares, pours: first!.pours });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({
      wares: first!.wares.length,
      accepted: 0,
      duplicates: first!.pours.length,
    });

    const ware = first!.wares[0]!;
    const pour = {
      id: 9_000_000_000_001,
      wareId: ware.id,
      serviceId: null,
      userName: 'Yann Tanguy',
      pouredAt: '2026-03-14T15:02:00.000Z',
      quantity: 1,
      cashed: false,
    };
    const sent = await postCounts(barRegister, { wares: [], pours: [pour] });
    expect(sent.json()).toEqual({ wares: 0, accepted: 1, duplicates: 0 });
    const again = await postCounts(barRegister, { wares: [], pours: [pour] });
    expect(again.json()).toEqual({ wares: 0, accepted: 0, duplicates: 1 });
    const stored = await db().selectFrom('ware_counts').selectAll().where('id', '=', pour.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      ware_name: ware.name,
      category: ware.category,
      product_name: 'Demi pression',
    });

    const changed = await postCounts(barRegister, { wares: [], pours: [{ ...pour, quantity: 2 }] });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('POUR_CONFLICT');
    const twice = { ...pour, id: pour.id + 1 };
    const repeated = await postCounts(barRegister, { wares: [], pours: [twice, twice] });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.details).toEqual({ pourIds: [twice.id] });
  });

  it('refuses an unknown token, and a token of another register than the one named', async () => {
    const counts = { wares: [], pours: [] };
    const unknown = await postCounts({ ...barRegister, registerToken: 'not-a-token' }, counts);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('REGISTER_UNAUTHENTICATED');
    const bearer = await holder().post(
      `/pos/v1/dispensers/counts?registerId=${barRegister.registerId}`,
      counts,
    );
    expect(bearer.statusCode).toBe(401);
    const mismatch = await postCounts({ ...cafeRegister, registerId: barRegister.registerId }, counts);
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error.code).toBe('REGISTER_MISMATCH');
  });

  it("refuses another establishment's ware or service, an unknown ware or product, and a cashed pour out of shift", async () => {
    const [first] = simulateDispenserPours({ endDay: END_DAY, days: DAYS, accounts: ['suite'] });
    const barWare = first!.wares[0]!;
    const barPour = first!.pours.find((p) => p.serviceId !== null)!;
    const cafeWare = {
      id: '6f1c1d1e-0000-4000-8000-00000000cafe',
      name: 'Tireuse',
      category: 'Bières pression',
      productId: null,
    };
    const cases: [DispenserCountsRequest, number, string][] = [
      [{ wares: [barWare], pours: [] }, 422, 'UNKNOWN_PRODUCT'],
      [{ wares: [{ ...barWare, productId: null }], pours: [] }, 422, 'FOREIGN_REFERENCE'],
      [
        { wares: [], pours: [{ ...barPour, id: 9_000_000_000_010, serviceId: null, cashed: false }] },
        422,
        'UNKNOWN_WARE',
      ],
      [
        { wares: [cafeWare], pours: [{ ...barPour, id: 9_000_000_000_011, wareId: cafeWare.id }] },
        422,
        'FOREIGN_REFERENCE',
      ],
      [
        {
          wares: [cafeWare],
          pours: [{ ...barPour, id: 9_000_000_000_012, wareId: cafeWare.id, serviceId: null }],
        },
        422,
        'CASHED_OUT_OF_SHIFT',
      ],
    ];
    for (const [counts, status, code] of cases) {
      const res = await postCounts(cafeRegister, counts);
      expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status, code });
    }
    // All or nothing: the café got no ware.
    const cafeWares = await db()
      .selectFrom('wares')
      .select('id')
      .where('company_id', '=', cafe.companyId)
      .execute();
    expect(cafeWares).toEqual([]);
  });
});

describe('GET /api/bardistrib/shifts', () => {
  it("lists the period's services of the establishments asked for, with Paris labels", async () => {
    const res = await holder().get('/api/bardistrib/shifts', { query: period() });
    expect(res.statusCode).toBe(200);
    const { shifts } = res.json() as {
      shifts: { id_shift_document: string; opening_date_label: string; opening_date: string }[];
    };
    const services = await db()
      .selectFrom('services')
      .select(['id', 'opening_date'])
      .where('company_id', '=', bar.companyId)
      .orderBy('opening_date')
      .execute();
    expect(services).toHaveLength(2 * DAYS);
    expect(shifts.map((s) => s.id_shift_document).sort()).toEqual(services.map((s) => s.id).sort());
    const first = shifts[0]!;
    expect(first.opening_date_label).toMatch(/^12\/03\/2026 17:[45]\d$/);
    expect(new Date(first.opening_date)).toEqual(services[0]!.opening_date);
  });

  it('leaves out the establishments without a dispenser', async () => {
    const res = await holder().get('/api/bardistrib/shifts', {
      query: { fromDate: FIRST_DAY, toDate: END_DAY },
    });
    const { shifts } = res.json() as { shifts: { id_company: string; company_name: string }[] };
    expect(new Set(shifts.map((s) => s.company_name))).toEqual(new Set([bar.company_name]));
    expect(
      (await holder().get('/api/bardistrib/shifts', { query: period([cafe.companyId]) })).json(),
    ).toEqual({ shifts: [] });
  });
});

describe('GET /api/bardistrib/ware-datas', () => {
  it('gives per category the units sold, poured in and out of shift, and their difference, as counted from the rows', async () => {
    const res = await holder().get('/api/bardistrib/ware-datas', { query: period() });
    expect(res.statusCode).toBe(200);
    const { rows } = res.json() as WareDatasResponse;
    expectRowsMatch(rows, await pouredPerCategory(null), await soldPerCategory(null));
    expect(rows.some((r) => r.total_products > 0 && r.total_wares > 0)).toBe(true);
  });

  it('narrows sales and in-shift pours to the chosen shifts', async () => {
    const services = await db()
      .selectFrom('services')
      .select('id')
      .where('company_id', '=', bar.companyId)
      .where('business_day', '=', END_DAY)
      .execute();
    const chosen = services.map((s) => s.id);
    const res = await holder().get('/api/bardistrib/ware-datas', {
      query: {
        ...period(),
        shifts: JSON.stringify(chosen),
        shiftsSelected: 'true',
      },
    });
    const { rows } = res.json() as WareDatasResponse;
    expectRowsMatch(rows, await pouredPerCategory(chosen), await soldPerCategory(chosen));
    const all = (
      await holder().get('/api/bardistrib/ware-datas', { query: period() })
    ).json() as WareDatasResponse;
    const total = (r: { rows: WareRow[] }) => r.rows.reduce((n, row) => n + row.total_products, 0);
    expect(total({ rows })).toBeLessThan(total(all));
  });

  it('reads every readable establishment when none is asked for', async () => {
    const res = await holder().get('/api/bardistrib/ware-datas', {
      query: { fromDate: FIRST_DAY, toDate: END_DAY },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (res.json() as WareDatasResponse).rows.flatMap((r) => r.wares.map((w) => w.company_name)),
    ).toContain(bar.company_name);
    const empty = await holder().get('/api/bardistrib/ware-datas', { query: period([cafe.companyId]) });
    expect(empty.json()).toEqual({ rows: [] });
  });

  it('answers 400 for malformed or reversed dates and a malformed list', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...period(), fromDate: '12/03/2026' }, 'INVALID_DATE'],
      [{ ...period(), fromDate: '0001-01-01' }, 'DATE_OUT_OF_RANGE'],
      [{ ...period(), toDate: '9999-12-31' }, 'DATE_OUT_OF_RANGE'],
      [{ ...period(), fromDate: END_DAY, toDate: FIRST_DAY }, 'REVERSED_DATES'],
      [{ ...period(), id_companies: 'bar' }, 'INVALID_COMPANIES'],
      [{ ...period(), shifts: '[1]', shiftsSelected: 'true' }, 'INVALID_SHIFTS'],
    ];
    for (const [query, code] of cases) {
      const res = await holder().get('/api/bardistrib/ware-datas', { query });
      expect({ status: res.statusCode, code: res.json().error.code }).toEqual({ status: 400, code });
    }
  });
});

describe('GET /api/bardistrib/ware-data/details', () => {
  it("splits a ware's pours into not cashed, out of shift and cashed, oldest first", async () => {
    const { rows } = (
      await holder().get('/api/bardistrib/ware-datas', { query: period() })
    ).json() as WareDatasResponse;
    const ware = rows.flatMap((r) => r.wares).find((w) => w.ware_name === 'Tireuse blonde 25 cl')!;
    const res = await holder().get('/api/bardistrib/ware-data/details', {
      query: { ...period(), wareInfo: JSON.stringify(ware) },
    });
    expect(res.statusCode).toBe(200);
    const details = res.json() as WareDetailsResponse;
    const stored = await db()
      .selectFrom('ware_counts')
      .select(['cashed', 'in_shift', 'quantity'])
      .where('ware_id', '=', ware.id_ware)
      .execute();
    const count = (cashed: boolean, inShift: boolean) =>
      stored.filter((s) => s.cashed === cashed && s.in_shift === inShift).length;
    expect(details.wareCash).toHaveLength(count(true, true));
    expect(details.wareNotCashed).toHaveLength(count(false, true));
    expect(details.wareOut).toHaveLength(count(false, false));
    expect(details.wareOut).toContainEqual({
      ware_name: 'Tireuse blonde 25 cl',
      user_name: 'Yann Tanguy',
      time: '2026-03-14T15:02:00.000Z',
      total: 1,
      product_name: 'Demi pression',
    });
    expect(details.wareCash.length).toBeGreaterThan(0);
    const times = details.wareCash.map((p) => p.time);
    expect(times).toEqual([...times].sort());
    expect(
      details.wareCash.reduce((n, p) => n + p.total, 0) +
        details.wareNotCashed.reduce((n, p) => n + p.total, 0),
    ).toBe(ware.total_in_shift);
  });

  it('answers 404 for a ware outside the establishments asked for', async () => {
    const { rows } = (
      await holder().get('/api/bardistrib/ware-datas', { query: period() })
    ).json() as WareDatasResponse;
    const ware = rows[0]!.wares[0]!;
    const res = await holder().get('/api/bardistrib/ware-data/details', {
      query: {
        ...period([cafe.companyId]),
        wareInfo: JSON.stringify(ware),
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('WARE_NOT_FOUND');
  });
});

describe('tenant isolation', () => {
  it("refuses another account's establishment (403) and shows another account nothing of the demo", async () => {
    const other = await createTestTenant(t);
    const otherToken = (await signInAs(t, other.holderEmail, other.password)).accessToken;
    for (const path of ['shifts', 'ware-datas']) {
      const res = await t.as(otherToken).get(`/api/bardistrib/${path}`, { query: period() });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('COMPANY_FORBIDDEN');
    }
    const mixed = await holder().get('/api/bardistrib/ware-datas', {
      query: period([bar.companyId, other.companyIds[0]!]),
    });
    expect(mixed.statusCode).toBe(403);
    const own = await t
      .as(otherToken)
      .get('/api/bardistrib/ware-datas', { query: { fromDate: FIRST_DAY, toDate: END_DAY } });
    expect(own.json()).toEqual({ rows: [] });
    const { rows } = (
      await holder().get('/api/bardistrib/ware-datas', { query: period() })
    ).json() as WareDatasResponse;
    const details = await t.as(otherToken).get('/api/bardistrib/ware-data/details', {
      query: { fromDate: FIRST_DAY, toDate: END_DAY, wareInfo: JSON.stringify(rows[0]!.wares[0]) },
    });
    expect(details.statusCode).toBe(404);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bardistrib/ware-datas', query: period() });
    expect(res.statusCode).toBe(401);
  });
});
