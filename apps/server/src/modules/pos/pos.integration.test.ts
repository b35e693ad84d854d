import { parisDayOf } from '@comptoir/contracts';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ClosureData, SignedRecord } from '@comptoir/contracts';
import { ChainWriter, keyPairFromSeed, rawPublicKey, signRecord } from '@comptoir/fiscal';
import {
  buildTestApp,
  createTestTenant,
  enrolRegister,
  oneLineOrder,
  signInAs,
  type TestApp,
  type TestTenant,
} from '../../test-helpers';

const keys = keyPairFromSeed(Buffer.alloc(32, 3));
const card = crypto.randomUUID();
const plats = crypto.randomUUID();
const order = (number: number, day: string, price = 1850) =>
  oneLineOrder(number, day, price, { categoryId: plats, paymentTypeId: card });
/** An order closed at `at` (an instant near now), on that instant's business day. */
const nowOrder = (number: number, at: string) => ({
  ...order(number, parisDayOf(at)),
  openedAt: new Date(Date.parse(at) - 10 * 60_000).toISOString(),
  closedAt: at,
});
/** The daily closure of a day without sales. */
const emptyDailyClosure = (day: string): ClosureData => ({
  id: crypto.randomUUID(),
  type: 1,
  startDay: day,
  endDay: day,
  openingDate: `${day}T08:00:00.000Z`,
  closingDate: `${day}T23:00:00.000Z`,
  amountTotalIvat: 0,
  amountTotalEvat: 0,
  amountTax: 0,
  amountDiscountIvat: 0,
  amountOfferedIvat: 0,
  amountTotalWoDiscountIvat: 0,
  amountPaymentShift: 0,
  grandTotalIvat: 0,
  payments: [],
  taxes: [],
  serviceIds: [],
  comment: null,
});

describe('POS ingestion /pos/v1', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let registerId: string;
  let registerToken: string;
  let chain: ChainWriter<'order'>;

  /** The register sends the records in a batch. */
  const post = (records: SignedRecord[], batchId: string = crypto.randomUUID()) =>
    t.asRegister(registerToken).post(`/pos/v1/registers/${registerId}/batches`, { batchId, records });
  /** Where the server says one of this register's chains stands. */
  const chainHead = (kind: 'order' | 'closure') =>
    t.database.db
      .selectFrom('chain_heads')
      .select(['last_seq', 'last_sig'])
      .where('register_id', '=', registerId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
  const orderChainHead = () => chainHead('order');
  /** A writer that goes on with this register's order chain from where the server stands. */
  const nextOrders = async () => {
    const head = await orderChainHead();
    return new ChainWriter(keys.privateKey, registerId, 'order', { seq: head.last_seq, sig: head.last_sig });
  };
  const count = async (
    table: 'orders' | 'order_lines' | 'payment_lines' | 'pos_records' | 'pos_batches' | 'tracking',
  ) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** What a refused batch must leave untouched. */
  const stored = async () => ({
    orders: await count('orders'),
    records: await count('pos_records'),
    batches: await count('pos_batches'),
    head: await orderChainHead(),
  });

  beforeAll(async () => {
    t = await buildTestApp();
    tenant = await createTestTenant(t);
    const token = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
    ({ registerId, registerToken } = await enrolRegister(t, token, tenant.companyIds[0]!, {
      serial: 'SN-001',
      keys,
    }));
    chain = new ChainWriter(keys.privateKey, registerId, 'order');
  });
  afterAll(() => t.close());

  it('refuses enrollment without a holder token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/pos/v1/registers',
      payload: {
        companyId: tenant.companyIds[0],
        name: 'X',
        serial: 'X',
        publicKey: rawPublicKey(keys.publicKey),
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses enrollment for an establishment of another account', async () => {
    const other = await createTestTenant(t);
    const token = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
    const res = await t.as(token).post('/pos/v1/registers', {
      companyId: other.companyIds[0],
      name: 'X',
      serial: 'SN-X',
      publicKey: rawPublicKey(keys.publicKey),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('COMPANY_FORBIDDEN');
  });

  it('stores a valid batch: orders, lines, payments, tracking, raw records and rollups', async () => {
    const records = [chain.append('2026-03-02T12:30:00.000Z', order(1, '2026-03-02', 1850))];
    records.push(chain.append('2026-03-02T12:40:00.000Z', order(2, '2026-03-02', 2400)));
    const res = await post(records);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 2, duplicates: 0, heads: [{ kind: 'order', seq: 2 }] });
    expect(await count('orders')).toBe(2);
    expect(await count('order_lines')).toBe(2);
    expect(await count('payment_lines')).toBe(2);
    expect(await count('tracking')).toBe(2);
    const total = await t.database.db
      .selectFrom('daily_rollups')
      .select(['orders', 'amount_ivat', 'covers'])
      .where('dimension', '=', 'total')
      .where('business_day', '=', '2026-03-02')
      .executeTakeFirstOrThrow();
    expect(total).toEqual({ orders: 2, amount_ivat: 4250, covers: 4 });
  });

  it('accepts a replayed batch without duplicating anything', async () => {
    const batchId = crypto.randomUUID();
    const records = [chain.append('2026-03-02T13:00:00.000Z', order(3, '2026-03-02', 1000))];
    expect((await post(records, batchId)).statusCode).toBe(200);
    const again = await post(records, batchId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 1 });
    // The same records under a new batch id are recognised record by record.
    const resent = await post(records);
    expect(resent.json()).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await count('orders')).toBe(3);
  });

  it('refuses a tampered signature and stores nothing of the batch', async () => {
    const good = chain.append('2026-03-03T12:30:00.000Z', order(4, '2026-03-03'));
    const forged = chain.append('2026-03-03T12:31:00.000Z', order(5, '2026-03-03'));
    const tampered = {
      ...forged,
      data: { ...forged.data, amountTotalIvat: forged.data.amountTotalIvat - 1 },
    };
    const before = await count('pos_records');
    const res = await post([good, tampered]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'BAD_SIGNATURE',
      details: { index: 1, kind: 'order', seq: 5 },
    });
    expect(await count('pos_records')).toBe(before);
    // The chain can go on from where the server stands: resend the genuine records.
    expect((await post([good, forged])).statusCode).toBe(200);
  });

  it('refuses a gap in the sequence, naming what was expected', async () => {
    chain.append('2026-03-04T12:00:00.000Z', order(6, '2026-03-04')); // never sent
    const next = chain.append('2026-03-04T12:10:00.000Z', order(7, '2026-03-04'));
    const before = await count('pos_records');
    const res = await post([next]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'SEQUENCE_GAP',
      details: { expectedSeq: 6, foundSeq: 7 },
    });
    expect(await count('pos_records')).toBe(before);
  });

  it('refuses a broken link: a record signed over another previous signature', async () => {
    const head = await orderChainHead();
    const wrongPrev = signRecord(keys.privateKey, registerId, {
      kind: 'order',
      v: 1,
      seq: head.last_seq + 1,
      prev: Buffer.alloc(64, 1).toString('base64'),
      at: '2026-03-04T12:00:00.000Z',
      data: order(8, '2026-03-04'),
    });
    const before = await count('pos_records');
    const res = await post([wrongPrev]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'BROKEN_LINK', details: { expectedPrev: head.last_sig } });
    expect(await count('pos_records')).toBe(before);
  });

  it('refuses an order whose totals do not add up, signed or not', async () => {
    const head = await orderChainHead();
    const bad = order(9, '2026-03-04');
    bad.amountTotalIvat += 1;
    const record = signRecord(keys.privateKey, registerId, {
      kind: 'order',
      v: 1,
      seq: head.last_seq + 1,
      prev: head.last_sig,
      at: '2026-03-04T12:00:00.000Z',
      data: bad,
    });
    const res = await post([record]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INCONSISTENT_RECORD');
    expect(res.json().error.details.problems[0]).toMatch(/amountTotalIvat/);
  });

  it('refuses a batch from an unknown register token', async () => {
    const res = await t
      .asRegister('nope')
      .post(`/pos/v1/registers/${registerId}/batches`, { batchId: crypto.randomUUID(), records: [] });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a malformed batch with a validation error', async () => {
    const res = await post([{ kind: 'order', v: 1 } as unknown as SignedRecord]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('accepts nothing for a business day the register has closed', async () => {
    const head = await orderChainHead();
    const orders = new ChainWriter(keys.privateKey, registerId, 'order', {
      seq: head.last_seq,
      sig: head.last_sig,
    });
    const closures = new ChainWriter(keys.privateKey, registerId, 'closure');
    const closure = closures.append('2026-03-05T23:00:00.000Z', emptyDailyClosure('2026-03-05'));
    expect((await post([closure])).statusCode).toBe(200);
    const late = orders.append('2026-03-05T23:30:00.000Z', order(10, '2026-03-05'));
    const res = await post([late]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'PERIOD_CLOSED',
      details: { businessDay: '2026-03-05', closedThrough: '2026-03-05' },
    });
    const nextDay = orders.append('2026-03-06T12:00:00.000Z', order(10, '2026-03-06'));
    // `late` consumed seq n; the register re-signs the next order at that position.
    const resigned = new ChainWriter(keys.privateKey, registerId, 'order', {
      seq: head.last_seq,
      sig: head.last_sig,
    });
    expect((await post([resigned.append(nextDay.at, nextDay.data)])).statusCode).toBe(200);
  });

  it('the database itself refuses UPDATE, DELETE and TRUNCATE on POS records', async () => {
    const db = t.database.db;
    await expect(db.updateTable('orders').set({ amount_total_ivat: 1 }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('order_lines').execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('pos_records').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate tracking`.execute(db)).rejects.toThrow(/append-only/);
    expect(await count('orders')).toBeGreaterThan(0);
  });
  // The tests below go on with the order chain from where the server stands, after the closed day.

  it('refuses a batch id reused for other records with BATCH_ID_REUSED, storing nothing', async () => {
    const orders = await nextOrders();
    const batchId = crypto.randomUUID();
    const first = orders.append('2026-03-09T12:30:00.000Z', order(20, '2026-03-09', 1200));
    expect((await post([first], batchId)).statusCode).toBe(200);
    const second = orders.append('2026-03-09T12:40:00.000Z', order(21, '2026-03-09', 1300));
    const before = await stored();
    const res = await post([second], batchId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BATCH_ID_REUSED', details: { batchId } });
    expect(await stored()).toEqual(before);
    // The first batch is still answered as a replay, and the new record goes in under its own id.
    expect((await post([first], batchId)).json()).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await post([second])).json()).toMatchObject({ accepted: 1, duplicates: 0 });
  });

  it('refuses a batch id reused for the same signatures over other content', async () => {
    const orders = await nextOrders();
    const batchId = crypto.randomUUID();
    const record = orders.append('2026-03-09T13:00:00.000Z', order(22, '2026-03-09', 900));
    expect((await post([record], batchId)).statusCode).toBe(200);
    const altered = { ...record, data: { ...record.data, tableName: 'T9' } };
    const before = await stored();
    const res = await post([altered], batchId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('BATCH_ID_REUSED');
    expect(await stored()).toEqual(before);
  });

  it('answers a batch stored before content digests as a replay, as it did then', async () => {
    const orders = await nextOrders();
    const batchId = crypto.randomUUID();
    const record = orders.append('2026-03-09T13:10:00.000Z', order(23, '2026-03-09', 700));
    expect((await post([record], batchId)).statusCode).toBe(200);
    await t.database.db
      .updateTable('pos_batches')
      .set({ content_digest: null })
      .where('batch_id', '=', batchId)
      .execute();
    const other = orders.append('2026-03-09T13:20:00.000Z', order(24, '2026-03-09', 800));
    const before = await stored();
    const res = await post([other], batchId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await stored()).toEqual(before);
  });

  it('refuses a record dated in 2099 with RECORD_IN_FUTURE, storing nothing of the batch', async () => {
    const orders = await nextOrders();
    const good = orders.append('2026-03-10T12:30:00.000Z', order(30, '2026-03-10'));
    const future = orders.append('2099-01-01T12:30:00.000Z', order(31, '2099-01-01'));
    const before = await stored();
    const res = await post([good, future]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'RECORD_IN_FUTURE',
      details: { index: 1, kind: 'order', seq: future.seq, at: '2099-01-01T12:30:00.000Z', field: 'at' },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a record dated ten minutes ahead of the server clock', async () => {
    const orders = await nextOrders();
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const before = await stored();
    const res = await post([orders.append(at, nowOrder(32, at))]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'RECORD_IN_FUTURE', details: { index: 0, at } });
    expect(await stored()).toEqual(before);
  });

  it('accepts a record a minute ahead of the server clock (registers drift)', async () => {
    const orders = await nextOrders();
    const at = new Date(Date.now() + 60_000).toISOString();
    const res = await post([orders.append(at, nowOrder(33, at))]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1 });
  });

  it('refuses a record of a past instant whose business day or closing time lies in the future', async () => {
    const before = await stored();
    const dayAhead = { ...order(34, '2026-03-10'), businessDay: '2099-01-01' };
    const closedAhead = { ...order(35, '2026-03-10'), closedAt: '2099-01-01T12:30:00.000Z' };
    for (const [data, field] of [
      [dayAhead, 'data.businessDay'],
      [closedAhead, 'data.closedAt'],
    ] as const) {
      const orders = await nextOrders();
      const res = await post([orders.append('2026-03-10T12:40:00.000Z', data)]);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'RECORD_IN_FUTURE', details: { index: 0, field } });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a daily closure that would close days to come, leaving them open', async () => {
    const head = await chainHead('closure');
    const closures = new ChainWriter(keys.privateKey, registerId, 'closure', {
      seq: head.last_seq,
      sig: head.last_sig,
    });
    const closure = closures.append('2026-03-10T23:00:00.000Z', {
      ...emptyDailyClosure('2026-03-10'),
      endDay: '2099-12-31',
    });
    const res = await post([closure]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'RECORD_IN_FUTURE',
      details: { index: 0, kind: 'closure', field: 'data.endDay' },
    });
    const register = await t.database.db
      .selectFrom('registers')
      .select('closed_through')
      .where('id', '=', registerId)
      .executeTakeFirstOrThrow();
    expect(register.closed_through).toBe('2026-03-05');
  });
});
