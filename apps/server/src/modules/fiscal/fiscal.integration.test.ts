import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import { addCalendarDays } from '@comptoir/contracts';
import type {
  ClosureByIdResponse,
  ClosureListResponse,
  ControlStripRowsResponse,
  PdfData,
  TechnicalInterventionListResponse,
  TrackingKind,
  TrackingResponseOf,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, createTestUser, signInAs, type TestApp } from '../../test-helpers';
import { insertRefreshToken } from '../auth/auth.repository';
import { getJwtSecret, newRefreshToken, signAccessToken } from '../../platform/tokens';

/**
 * Three demo days (Friday 27 February to Sunday 1 March 2026) through the real ingestion: the
 * registers close their days, and those open on the 28th close February (monthly closures).
 * Every answer is checked against the tables it reads.
 */
const FIRST = '2026-02-27';
const LAST = '2026-03-01';

const [suite, standard] = demoAccounts();
const suiteAccountId = suite!.accountId;
const standardAccountId = standard!.accountId;

let t: TestApp;
let holderToken: string;
let otherHolderToken: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 3, endDay: LAST });
  holderToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  otherHolderToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t.close());

const db = () => t.database.db;

async function getOk<T>(url: string, token = holderToken): Promise<T> {
  const res = await t.as(token).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

function trackingOf<K extends TrackingKind>(kind: K, query: string, token = holderToken) {
  return getOk<TrackingResponseOf<K>>(`/api/administration-fiscale/tracking/${kind}?${query}`, token);
}

/** A fiscal access token as the inspector's sign-in mints it: its session lives until the grant ends. */
async function fiscalToken(options: { grantEnd?: Date; issuedAt?: Date; accountId?: string } = {}) {
  const holder = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'demo@comptoir.test')
    .executeTakeFirstOrThrow();
  const grantEnd = options.grantEnd ?? new Date(Date.now() + 7 * 86_400_000);
  const sessionId = crypto.randomUUID();
  await insertRefreshToken(db(), {
    id: crypto.randomUUID(),
    user_id: holder.id,
    token_hash: newRefreshToken().hash,
    kind: 'fiscal',
    account_id: options.accountId ?? suiteAccountId,
    scope: 'administration-fiscale',
    session_id: sessionId,
    expires_at: grantEnd,
  });
  return signAccessToken(
    getJwtSecret(t.config),
    {
      sub: holder.id,
      acc: options.accountId ?? suiteAccountId,
      role: 'holder',
      groups: [],
      scope: 'administration-fiscale',
      sid: sessionId,
      kind: 'fiscal',
    },
    { notAfter: grantEnd, ...(options.issuedAt ? { now: options.issuedAt } : {}) },
  );
}

async function suiteClosures(type: number) {
  return db()
    .selectFrom('closures')
    .selectAll()
    .where('account_id', '=', suiteAccountId)
    .where('type', '=', type)
    .orderBy('end_day')
    .execute();
}

/** A service of the suite account that holds orders, cash movements and line corrections. */
async function busyService() {
  const { rows } = await sql<{ id: string; register_id: string }>`
    select s.id, s.register_id from services s
     where s.account_id = ${suiteAccountId}
       and exists (select 1 from cash_movements m where m.service_id = s.id)
     order by (select count(*) from tracking t join orders o on o.id = t.record_id
                where o.service_id = s.id and t.table_name = 'order_line') desc
     limit 1`.execute(db());
  return rows[0]!;
}

describe('GET /api/administration-fiscale/cloture', () => {
  it('lists the account’s closures of every type whose period meets the range, newest first', async () => {
    const body = await getOk<ClosureListResponse>(
      `/api/administration-fiscale/cloture?startDate=${FIRST}&endDate=${LAST}`,
    );
    const { count } = await db()
      .selectFrom('closures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', suiteAccountId)
      .executeTakeFirstOrThrow();
    expect(body.closures).toHaveLength(Number(count));
    expect(new Set(body.closures.map((c) => c.type))).toEqual(new Set([1, 2, 3, 4]));
    const ends = body.closures.map((c) => c.end_date);
    expect([...ends].sort().reverse()).toEqual(ends);
    const companyIds = new Set(suite!.establishments.map((e) => e.companyId));
    expect(body.closures.every((c) => companyIds.has(c.companyId) && c.registerName)).toBe(true);
    // A daily closure carries its establishment's daily closure number (the accounting piece): the
    // registers of one establishment share it for a day, the next day has the next one.
    const numbers = new Map<string, Set<string | null>>();
    for (const c of body.closures.filter((c) => c.type === 1)) {
      const key = `${c.companyId}|${c.end_date}`;
      numbers.set(key, (numbers.get(key) ?? new Set()).add(c.establishmentNumber));
    }
    for (const [key, set] of numbers) {
      expect([...set], key).toHaveLength(1);
      expect([...set][0], key).toMatch(/^Z\d+$/);
    }
    const brasserie = suite!.establishments[0]!.companyId;
    const [a, b] = [FIRST, addCalendarDays(FIRST, 1)].map((day) =>
      Number([...numbers.get(`${brasserie}|${day}`)!][0]!.slice(1)),
    );
    expect(b).toBe(a! + 1);
    expect(body.closures.filter((c) => c.type !== 1).every((c) => c.establishmentNumber === null)).toBe(true);
  });

  it('answers the monthly closures with their stored amounts, payments and taxes keyed by rate', async () => {
    const body = await getOk<ClosureListResponse>(
      `/api/administration-fiscale/cloture?startDate=2026-02-01&endDate=2026-02-28&type=3`,
    );
    const stored = await suiteClosures(3);
    expect(stored.length).toBeGreaterThan(0);
    expect(body.closures.map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort());
    for (const row of stored) {
      const closure = body.closures.find((c) => c.id === row.id)!;
      expect(closure).toMatchObject({
        type: 3,
        start_date: row.start_day,
        end_date: '2026-02-28',
        amount_total_ivat: row.amount_total_ivat,
        amount_total_evat: row.amount_total_evat,
        amount_tax: row.amount_tax,
        grand_total_ivat: row.grand_total_ivat,
        services_count: (row.service_ids as string[]).length,
      });
      const taxes = row.taxes as { vatRateBp: number; ivat: number }[];
      for (const tax of taxes)
        expect(closure.taxes[String(tax.vatRateBp / 10000)]?.amount_ivat).toBe(tax.ivat);
      const paid = closure.payments.reduce((s, p) => s + p.amount_shift, 0);
      expect(paid).toBe((row.payments as { amount: number }[]).reduce((s, p) => s + p.amount, 0));
      expect(closure.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    }
  });

  it('refuses a start after the end, and shows another account nothing of this one', async () => {
    const reversed = await t
      .as(holderToken)
      .get(`/api/administration-fiscale/cloture?startDate=${LAST}&endDate=${FIRST}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.code).toBe('INVALID_PERIOD');
    const other = await getOk<ClosureListResponse>(
      `/api/administration-fiscale/cloture?startDate=${FIRST}&endDate=${LAST}`,
      otherHolderToken,
    );
    const standardCompany = standard!.establishments[0]!.companyId;
    expect(other.closures.length).toBeGreaterThan(0);
    expect(other.closures.every((c) => c.companyId === standardCompany)).toBe(true);
  });
});

describe('POST /api/administration-fiscale/clotureById', () => {
  it('answers a closure with the services it lists, its VAT details and payments', async () => {
    const [monthly] = await suiteClosures(3);
    const res = await t
      .as(holderToken)
      .post('/api/administration-fiscale/clotureById', { cloturesIds: [monthly!.id] });
    expect(res.statusCode).toBe(200);
    const [closure] = (res.json() as ClosureByIdResponse).closures;
    expect(closure!.services.map((s) => s.id).sort()).toEqual([...(monthly!.service_ids as string[])].sort());
    const services = await db()
      .selectFrom('services')
      .selectAll()
      .where('id', 'in', monthly!.service_ids as string[])
      .execute();
    expect(closure!.services.reduce((s, x) => s + x.amount_total_ivat, 0)).toBe(
      services.reduce((s, x) => s + x.amount_total_ivat, 0),
    );
    expect(closure!.vat.reduce((s, v) => s + v.amount_ivat, 0)).toBe(monthly!.amount_total_ivat);
    expect(closure!.vat.map((v) => v.tax_rate)).toEqual([...closure!.vat.map((v) => v.tax_rate)].sort());
  });

  it('answers 404 for another account’s closure', async () => {
    const [monthly] = await suiteClosures(3);
    const res = await t
      .as(otherHolderToken)
      .post('/api/administration-fiscale/clotureById', { cloturesIds: [monthly!.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('FISCAL_RECORD_NOT_FOUND');
  });
});

describe('GET /api/administration-fiscale/tracking/{kind}', () => {
  it('services: a register’s services over the days asked', async () => {
    const register = await db()
      .selectFrom('registers')
      .select('id')
      .where('account_id', '=', suiteAccountId)
      .executeTakeFirstOrThrow();
    const body = await trackingOf(
      'services',
      `cashRegisterId=${register.id}&startDate=${FIRST}&endDate=${LAST}`,
    );
    const stored = await db()
      .selectFrom('services')
      .select(['id', 'amount_total_ivat'])
      .where('register_id', '=', register.id)
      .execute();
    expect(body.rows.map((r) => r.id).sort()).toEqual(stored.map((s) => s.id).sort());
    const ordersOfFirst = await db()
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('service_id', '=', body.rows[0]!.id)
      .executeTakeFirstOrThrow();
    expect(body.rows[0]!.orders_count).toBe(Number(ordersOfFirst.n));
  });

  it('commandes, order-line, payment-line and receipt: a service’s orders and what an order holds', async () => {
    const service = await busyService();
    const orders = await trackingOf('commandes', `objectId=${service.id}`);
    const stored = await db().selectFrom('orders').selectAll().where('service_id', '=', service.id).execute();
    expect(orders.rows.map((o) => o.id).sort()).toEqual(stored.map((o) => o.id).sort());
    const order = stored.find((o) => o.cancels_order_id === null)!;
    expect(orders.rows.find((o) => o.id === order.id)).toMatchObject({
      number: order.number,
      amount_total_ivat: order.amount_total_ivat,
      serviceId: service.id,
      registerId: service.register_id,
    });

    const lines = await trackingOf('order-line', `orderId=${order.id}`);
    const storedLines = await db()
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(lines.rows).toHaveLength(storedLines.length);
    expect(lines.rows.filter((l) => !l.removed).reduce((s, l) => s + l.price, 0)).toBe(
      order.amount_total_ivat,
    );
    expect(lines.rows.every((l) => [0.055, 0.1, 0.2].includes(l.tax_rate))).toBe(true);

    const payments = await trackingOf('payment-line', `orderId=${order.id}`);
    expect(payments.rows.filter((p) => !p.removed).reduce((s, p) => s + p.amount, 0)).toBe(
      order.amount_total_ivat,
    );

    const receipts = await trackingOf('receipt', `orderId=${order.id}`);
    const storedReceipts = await db()
      .selectFrom('receipts')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(receipts.rows.map((r) => r.id).sort()).toEqual(storedReceipts.map((r) => r.id).sort());
    if (receipts.rows[0]) {
      const details = await trackingOf('receipt-detail', `receiptId=${receipts.rows[0].id}`);
      const taxes = await trackingOf('receipt-detail-tax', `receiptId=${receipts.rows[0].id}`);
      expect(details.rows.length).toBeGreaterThan(0);
      expect(taxes.rows.reduce((s, x) => s + x.amount_ivat, 0)).toBe(
        details.rows.reduce((s, d) => s + d.amount, 0),
      );
    }
  });

  it('cash-register-variation and credit: a service’s cash movements and credits', async () => {
    const service = await busyService();
    const movements = await trackingOf('cash-register-variation', `objectId=${service.id}`);
    const stored = await db()
      .selectFrom('cash_movements')
      .select(['id', 'amount'])
      .where('service_id', '=', service.id)
      .execute();
    expect(movements.rows.map((m) => m.id).sort()).toEqual(stored.map((m) => m.id).sort());
    expect(movements.rows.every((m) => m.removed === 0)).toBe(true);
    const credits = await trackingOf('credit', `objectId=${service.id}`);
    const storedCredits = await db()
      .selectFrom('credits')
      .select('id')
      .where('service_id', '=', service.id)
      .execute();
    expect(credits.rows).toHaveLength(storedCredits.length);
  });

  it('history, order and fullhistory: the tracking rows of an object, an order and a whole service', async () => {
    const service = await busyService();
    const { rows: corrected } = await sql<{ table_id: string; record_id: string }>`
      select t.table_id, t.record_id from tracking t join orders o on o.id = t.record_id
       where o.service_id = ${service.id} and t.table_name = 'order_line' and t.action = 'update'
       limit 1`.execute(db());
    const line = corrected[0]!;
    const history = await trackingOf('history', `tableName=order_line&objectId=${line.table_id}`);
    expect(history.rows.length).toBeGreaterThan(0);
    expect(history.rows.every((r) => r.table_id === line.table_id && r.table_name === 'order_line')).toBe(
      true,
    );
    expect(history.rows.some((r) => r.action === 'update' && r.key_ !== null)).toBe(true);
    expect(history.rows.every((r) => !r.isError)).toBe(true);

    const ofOrder = await trackingOf('order', `orderId=${line.record_id}`);
    const storedOfOrder = await db()
      .selectFrom('tracking')
      .select('id')
      .where('record_id', '=', line.record_id)
      .execute();
    expect(ofOrder.rows.map((r) => r.id).sort()).toEqual(storedOfOrder.map((r) => r.id).sort());

    const full = await trackingOf('fullhistory', `objectId=${service.id}`);
    const { rows: storedFull } = await sql<{ n: number }>`
      select count(*)::int as n from tracking t
       where t.record_id = ${service.id}
          or t.record_id in (select id from orders where service_id = ${service.id})
          or t.record_id in (select id from cash_movements where service_id = ${service.id})
          or t.record_id in (select id from credits where service_id = ${service.id})`.execute(db());
    expect(full.rows).toHaveLength(storedFull[0]!.n);
    expect(full.rows.some((r) => r.table_name === 'service')).toBe(true);
    expect(full.rows.some((r) => r.table_name === 'cash_movement')).toBe(true);
    expect(full.rows.every((r) => !r.isError)).toBe(true);
  });

  it('marks an order-line tracking row that its signed order does not hold as an error', async () => {
    const service = await busyService();
    const { rows } = await sql<{ id: string; order_id: string; company_id: string; register_id: string }>`
      select l.id, l.order_id, l.company_id, o.register_id from order_lines l join orders o on o.id = l.order_id
       where o.service_id = ${service.id} and not l.removed limit 1`.execute(db());
    const line = rows[0]!;
    const forgedId = crypto.randomUUID();
    await db()
      .insertInto('tracking')
      .values({
        id: forgedId,
        account_id: suiteAccountId,
        company_id: line.company_id,
        register_id: line.register_id,
        record_kind: 'order',
        record_id: line.order_id,
        action: 'delete',
        table_name: 'order_line',
        table_id: line.id,
        key_: null,
        value: null,
        at: new Date('2026-02-28T12:00:00Z'),
        source: 'pos',
        app_version: '4.2.0',
        comment: null,
      })
      .execute();
    const history = await trackingOf('history', `tableName=order_line&objectId=${line.id}`);
    expect(history.rows.find((r) => r.id === forgedId)?.isError).toBe(true);
    expect(history.rows.filter((r) => r.id !== forgedId).every((r) => !r.isError)).toBe(true);
  });

  it('cash-register: the account’s registers', async () => {
    const body = await trackingOf('cash-register', '');
    const stored = await db()
      .selectFrom('registers')
      .select('id')
      .where('account_id', '=', suiteAccountId)
      .execute();
    expect(body.rows.map((r) => r.id).sort()).toEqual(stored.map((r) => r.id).sort());
  });

  it('answers 404 for another account’s service, order, receipt or register, and 400 without a needed filter', async () => {
    const service = await busyService();
    const order = await db()
      .selectFrom('orders')
      .select('id')
      .where('service_id', '=', service.id)
      .executeTakeFirstOrThrow();
    const receipt = await db()
      .selectFrom('receipts')
      .select('id')
      .where('service_id', '=', service.id)
      .executeTakeFirstOrThrow();
    const line = await db()
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const queries: [TrackingKind, string][] = [
      ['services', `objectId=${service.id}`],
      ['commandes', `objectId=${service.id}`],
      ['commandes', `orderId=${order.id}`],
      ['order', `orderId=${order.id}`],
      ['order-line', `orderId=${order.id}`],
      ['order-line', `objectId=${line.id}`],
      ['payment-line', `orderId=${order.id}`],
      ['receipt', `receiptId=${receipt.id}`],
      ['receipt-detail', `receiptId=${receipt.id}`],
      ['receipt-detail-tax', `receiptId=${receipt.id}`],
      ['cash-register-variation', `objectId=${service.id}`],
      ['credit', `objectId=${service.id}`],
      ['history', `tableName=order_line&objectId=${line.id}`],
      ['fullhistory', `objectId=${service.id}`],
      ['cash-register', `cashRegisterId=${service.register_id}`],
    ];
    for (const [kind, query] of queries) {
      const res = await t.as(otherHolderToken).get(`/api/administration-fiscale/tracking/${kind}?${query}`);
      expect(res.statusCode, `${kind}?${query}`).toBe(404);
      expect(res.json().error.code).toBe('FISCAL_RECORD_NOT_FOUND');
    }
    const missing = await t.as(holderToken).get('/api/administration-fiscale/tracking/fullhistory');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('FILTER_REQUIRED');
  });
});

describe('control strips, technical interventions, server tracking', () => {
  it('answers a service’s control strip and an order’s rows; another account gets 404', async () => {
    const service = await busyService();
    const strip = await getOk<ControlStripRowsResponse>(
      `/api/controlStripShiftDocument?idShiftDocument=${service.id}`,
    );
    const stored = await db()
      .selectFrom('control_strip_documents')
      .select(['id', 'sales_document_id'])
      .where('service_id', '=', service.id)
      .execute();
    expect(strip.rows.map((r) => r.id).sort()).toEqual(stored.map((r) => r.id).sort());
    expect(strip.rows.map((r) => r.action)).toContain('ouverture');
    const orderId = stored.find((r) => r.sales_document_id)!.sales_document_id!;
    const sale = await getOk<ControlStripRowsResponse>(
      `/api/controlStripSalesDocument?idSalesDocument=${orderId}`,
    );
    expect(sale.rows.map((r) => r.id_sales_document)).toEqual([orderId]);

    const foreign = await t
      .as(otherHolderToken)
      .get(`/api/controlStripShiftDocument?idShiftDocument=${service.id}`);
    expect(foreign.statusCode).toBe(404);
    const foreignSale = await t
      .as(otherHolderToken)
      .get(`/api/controlStripSalesDocument?idSalesDocument=${orderId}`);
    expect(foreignSale.statusCode).toBe(404);
  });

  it('lists technical interventions by register and reads one; another account gets 404', async () => {
    const register = await db()
      .selectFrom('registers')
      .select(['id', 'company_id'])
      .where('account_id', '=', suiteAccountId)
      .executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    await db()
      .insertInto('technical_interventions')
      .values({
        id,
        account_id: suiteAccountId,
        company_id: register.company_id,
        register_id: register.id,
        seq: 9_999,
        at: new Date('2026-02-28T06:00:00Z'),
        case_id: 'INT-2026-9999',
        table_name: 'cash_register',
        table_id: register.id,
        user_id: crypto.randomUUID(),
        user_firstname: 'Technicien',
        user_lastname: 'Comptoir',
        comment: 'Remplacement de l’imprimante',
      })
      .execute();
    const list = await getOk<TechnicalInterventionListResponse>(
      `/api/technical-intervention?cashRegisterId=${register.id}`,
    );
    expect(list.rows.map((r) => r.id)).toContain(id);
    const stored = await db()
      .selectFrom('technical_interventions')
      .select('id')
      .where('register_id', '=', register.id)
      .execute();
    expect(list.rows).toHaveLength(stored.length);
    const one = await getOk<{ case_id: string; comment: string }>(`/api/technical-intervention/${id}`);
    expect(one).toMatchObject({ case_id: 'INT-2026-9999', comment: 'Remplacement de l’imprimante' });
    expect((await t.as(otherHolderToken).get(`/api/technical-intervention/${id}`)).statusCode).toBe(404);
  });

  it('answers the tracking rows the server wrote over the days asked', async () => {
    const companyId = suite!.establishments[0]!.companyId;
    const id = crypto.randomUUID();
    await db()
      .insertInto('tracking')
      .values({
        id,
        account_id: suiteAccountId,
        company_id: companyId,
        register_id: null,
        record_kind: 'server_closure',
        record_id: crypto.randomUUID(),
        action: 'create',
        table_name: 'server_closure',
        table_id: 'x',
        key_: null,
        value: null,
        at: new Date('2026-02-28T22:30:00Z'),
        source: 'server',
        app_version: null,
        comment: null,
      })
      .execute();
    const body = await getOk<{ rows: { id: string; source: string }[] }>(
      `/api/administration-fiscale/tracking-server?startDate=2026-02-28&endDate=2026-02-28`,
    );
    expect(body.rows.map((r) => r.id)).toEqual([id]);
    const dayAfter = await getOk<{ rows: unknown[] }>(
      `/api/administration-fiscale/tracking-server?startDate=2026-03-01&endDate=2026-03-01`,
    );
    expect(dayAfter.rows).toEqual([]);
  });
});

describe('who may read', () => {
  it('a fiscal token reads its account’s fiscal endpoints like the holder does', async () => {
    const token = await fiscalToken();
    const url = `/api/administration-fiscale/cloture?startDate=${FIRST}&endDate=${LAST}`;
    const asInspector = await getOk<ClosureListResponse>(url, token);
    const asHolder = await getOk<ClosureListResponse>(url);
    expect(asInspector.closures.map((c) => c.id)).toEqual(asHolder.closures.map((c) => c.id));
    const service = await busyService();
    const orders = await trackingOf('commandes', `objectId=${service.id}`, token);
    expect(orders.rows.length).toBeGreaterThan(0);
    const pdf = await getOk<PdfData>('/api/administration-fiscale/pdf-data?action=incidents', token);
    expect(pdf.dbName).toContain(suiteAccountId.replaceAll('-', ''));
  });

  it('a fiscal token gets 404 for another account’s records', async () => {
    const token = await fiscalToken();
    const foreignService = await db()
      .selectFrom('services')
      .select('id')
      .where('account_id', '=', standardAccountId)
      .executeTakeFirstOrThrow();
    const res = await t
      .as(token)
      .get(`/api/administration-fiscale/tracking/commandes?objectId=${foreignService.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('FISCAL_RECORD_NOT_FOUND');
  });

  it('a fiscal token is refused on the endpoints outside the fiscal area', async () => {
    const token = await fiscalToken();
    for (const url of [
      '/api/user/me',
      '/api/reports/sales-analysis',
      '/api/dashboard/turnover',
      '/api/categories',
    ]) {
      const res = await t.as(token).get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FISCAL_TOKEN_NOT_ALLOWED');
    }
  });

  it('an expired fiscal token, or one whose grant has ended, is refused with 401', async () => {
    const url = `/api/administration-fiscale/cloture?startDate=${FIRST}&endDate=${LAST}`;
    const expired = await fiscalToken({ issuedAt: new Date(Date.now() - 60 * 60_000) });
    const res = await t.as(expired).get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('ACCESS_TOKEN_EXPIRED');

    const grantEnd = new Date(Date.now() + 2_500);
    const ending = await fiscalToken({ grantEnd });
    expect((await t.as(ending).get(url)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, grantEnd.getTime() - Date.now() + 1_100));
    expect((await t.as(ending).get(url)).statusCode).toBe(401);
  });

  it('a sub-user reads the fiscal area only with the fiscal_administration service', async () => {
    const url = `/api/administration-fiscale/cloture?startDate=${FIRST}&endDate=${LAST}`;
    const without = await createTestUser(db(), {
      accountId: suiteAccountId,
      role: 'sub_user',
      services: ['sales_reporting'],
    });
    const refused = await t.as((await signInAs(t, without.email)).accessToken).get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SUB_USER_NO_ACCESS');
    const withService = await createTestUser(db(), {
      accountId: suiteAccountId,
      role: 'sub_user',
      services: ['fiscal_administration'],
    });
    const allowed = await getOk<ClosureListResponse>(url, (await signInAs(t, withService.email)).accessToken);
    expect(allowed.closures.length).toBeGreaterThan(0);
  });

  it('refuses a call without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/administration-fiscale/pdf-data' });
    expect(res.statusCode).toBe(401);
  });
});
