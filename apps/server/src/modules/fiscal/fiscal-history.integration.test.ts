import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import type { TrackingKind, TrackingResponseOf } from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp } from '../../test-helpers';

/**
 * The history table of an order line, a payment line and a receipt, read as their detail screens
 * read it (`history` with the record's id only), over three demo days.
 */
const LAST = '2026-03-01';
const [suite] = demoAccounts();
const suiteAccountId = suite!.accountId;

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

async function trackingOf<K extends TrackingKind>(kind: K, query: string, token = holderToken) {
  const res = await t.as(token).get(`/api/administration-fiscale/tracking/${kind}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TrackingResponseOf<K>;
}

const historyOf = (id: string, token = holderToken) => trackingOf('history', `objectId=${id}`, token);

/** The first line (or payment) id matching a condition, among the suite account's orders. */
async function firstId(query: ReturnType<typeof sql<{ id: string }>>) {
  const { rows } = await query.execute(db());
  expect(rows.length).toBeGreaterThan(0);
  return rows[0]!.id;
}

describe('history of an order line', () => {
  it('service → order → line: shows the line’s creation with its values, carried by its order', async () => {
    const [service] = (await trackingOf('services', 'startDate=2026-02-27&endDate=2026-03-01')).rows;
    const [order] = (await trackingOf('commandes', `objectId=${service!.id}`)).rows.filter(
      (o) => o.cancels_order_id === null,
    );
    const lines = (await trackingOf('order-line', `orderId=${order!.id}`)).rows;
    const line = lines.find((l) => !l.removed)!;

    const { rows } = await historyOf(line.id);
    const creation = rows[0]!;
    expect(creation).toMatchObject({
      action: 'create',
      table_name: 'order_line',
      table_id: line.id,
      timestamp: line.timestamp,
      source: 'pos',
      app_version: line.app_version,
      record_kind: 'order',
      record_id: order!.id,
      registerId: order!.registerId,
      isError: false,
    });
    expect(creation.value).toContain(`product_name=${line.product_name}`);
    expect(creation.value).toContain(`quantity=${line.quantity}`);
    expect(creation.value).toContain(`price=${line.price}`);
    expect(rows.filter((r) => r.action === 'create')).toHaveLength(1);
  });

  it('shows a corrected line’s creation, then the change with its new value', async () => {
    const id = await firstId(sql<{ id: string }>`
      select t.table_id as id from tracking t
       where t.account_id = ${suiteAccountId} and t.table_name = 'order_line' and t.action = 'update'
       order by t.at limit 1`);
    const { rows } = await historyOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', ...rows.slice(1).map(() => 'update')]);
    const update = rows[1]!;
    expect(update.key_).not.toBeNull();
    expect(update.value).not.toBeNull();
    // the creation does not claim the value a later correction set
    expect(rows[0]!.value).not.toContain(`${update.key_}=`);
    expect(rows[0]!.timestamp <= update.timestamp).toBe(true);
    expect(rows.every((r) => r.table_id === id && !r.isError)).toBe(true);
  });

  it('shows a line cancelled before payment: created, then deleted with its reason', async () => {
    const id = await firstId(sql<{ id: string }>`
      select l.id from order_lines l
       where l.account_id = ${suiteAccountId} and l.removed order by l.created_at limit 1`);
    const { rows } = await historyOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete']);
    expect(rows[0]!.value).toContain('quantity=');
    expect(rows[1]!.comment).toBeTruthy();
  });
});

describe('history of a payment line', () => {
  it('shows the payment’s creation with its amount', async () => {
    const { rows: stored } = await sql<{ id: string; amount: number; payment_name: string }>`
      select p.id, p.amount, p.payment_name from payment_lines p
       where p.account_id = ${suiteAccountId} and not p.removed order by p.paid_at limit 1`.execute(db());
    const payment = stored[0]!;
    const { rows } = await historyOf(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', table_name: 'payment_line', table_id: payment.id });
    expect(rows[0]!.value).toContain(`amount=${payment.amount}`);
    expect(rows[0]!.value).toContain(`name=${payment.payment_name}`);
  });

  it('shows a declined card payment: created, then deleted by the bank’s refusal', async () => {
    const id = await firstId(sql<{ id: string }>`
      select p.id from payment_lines p
       where p.account_id = ${suiteAccountId} and p.removed order by p.paid_at limit 1`);
    const { rows } = await historyOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete']);
    expect(rows[1]!.comment).toBe('Paiement refusé par la banque');
  });
});

describe('history of a receipt', () => {
  it('shows the print’s creation with its number, carried by the receipt record', async () => {
    const [receipt] = (await trackingOf('receipt', 'startDate=2026-02-28&endDate=2026-02-28')).rows;
    const { rows } = await historyOf(receipt!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      table_name: 'receipt',
      table_id: receipt!.id,
      timestamp: receipt!.timestamp,
      record_kind: 'receipt',
      record_id: receipt!.id,
      registerId: receipt!.registerId,
    });
    expect(rows[0]!.value).toContain(`number=${receipt!.number}`);
  });

  it('names the table when asked: a receipt id asked as an order line has no creation', async () => {
    const [receipt] = (await trackingOf('receipt', 'startDate=2026-02-28&endDate=2026-02-28')).rows;
    const res = await t
      .as(holderToken)
      .get(`/api/administration-fiscale/tracking/history?tableName=order_line&objectId=${receipt!.id}`);
    expect(res.statusCode).toBe(404);
  });
});

it('shows nothing of another account’s line', async () => {
  const id = await firstId(sql<{ id: string }>`
    select l.id from order_lines l where l.account_id = ${suiteAccountId} order by l.created_at limit 1`);
  expect((await historyOf(id, otherHolderToken)).rows).toEqual([]);
  expect((await historyOf(id)).rows.length).toBeGreaterThan(0);
});
