import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AccountingPreviewResponse, ServerClosureListResponse, SignedRecord } from '@comptoir/contracts';
import { ChainWriter, keyPairFromSeed } from '@comptoir/fiscal';
import { demoAccounts } from '@comptoir/pos-sim';
import type { ServerClosureRow } from '../../db/schema/server-closures';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { encodeChainHead } from '../../platform/jet';
import {
  buildDemoTestApp,
  createTestTenant,
  enrolRegister,
  oneLineOrder,
  signInAs,
  type TestApp,
  waitFor,
} from '../../test-helpers';
import { encodeServerClosure } from './server-closures.encoding';
import { enqueueServerClosures, runServerClosures, SERVER_CLOSURES_QUEUE } from './server-closures.service';

/** Three demo days over a month end (the DST change of 2026-03-29 included), closed by the server. */
const FIRST = '2026-03-29';
const LAST = '2026-03-31';

const [suite] = demoAccounts();
const brasserieId = suite!.establishments[0]!.companyId;

let t: TestApp;
let token: string;
const db = () => t.database.db;
/** The demo account's holder. */
const holder = () => t.as(token);
const noProgress = { reportProgress: async () => {} };
/** Runs the closing as the job does, at a chosen instant. */
const closeAt = (iso: string) => runServerClosures(db(), t.app.serverKey, noProgress, new Date(iso));

function closuresOf(companyId: string, type?: 1 | 3 | 5): Promise<ServerClosureRow[]> {
  let query = db().selectFrom('server_closures').selectAll().where('company_id', '=', companyId);
  if (type) query = query.where('type', '=', type);
  return query.orderBy('seq').execute();
}

/** The business days from `first` to `last`, both included. */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (
    let d = new Date(`${first}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= last;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

async function firstRecordDay(companyId: string): Promise<string> {
  const row = await db()
    .selectFrom('pos_records')
    .select((eb) => eb.fn.min('business_day').as('day'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.day as string;
}

/** The suite account's establishments: every register of them closes each demo day. */
async function demoCompanyIds(): Promise<string[]> {
  return Promise.resolve(suite!.establishments.map((e) => e.companyId).sort());
}

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 3, endDay: LAST });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
}, 120_000);
afterAll(() => t.close());

describe('server closures', () => {
  it('keeps a day open while a register with sales has not closed it, then closes it 48 h after its end', async () => {
    const register = await db()
      .selectFrom('registers')
      .select(['id', 'closed_through'])
      .where('company_id', '=', brasserieId)
      .where('closed_through', '=', LAST)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // As if this register had not sent its closure of the 31st yet.
    await db()
      .updateTable('registers')
      .set({ closed_through: '2026-03-30' })
      .where('id', '=', register.id)
      .execute();

    // 2026-04-01 07:00 Paris: the 31st ended at 06:00.
    await closeAt('2026-04-01T05:00:00Z');
    const brasserieFirst = await firstRecordDay(brasserieId);
    expect(brasserieFirst).toBe(FIRST);
    expect((await closuresOf(brasserieId, 1)).map((c) => c.start_day)).toEqual(daysFrom(FIRST, '2026-03-30'));
    expect(await closuresOf(brasserieId, 3)).toEqual([]);
    const others = (await demoCompanyIds()).filter((id) => id !== brasserieId);
    expect(others.length).toBeGreaterThan(0);
    for (const companyId of others) {
      const first = await firstRecordDay(companyId);
      expect((await closuresOf(companyId, 1)).map((c) => c.start_day)).toEqual(daysFrom(first, LAST));
      expect((await closuresOf(companyId, 3)).map((c) => [c.start_day, c.end_day])).toEqual([
        ['2026-03-01', LAST],
      ]);
    }

    // One minute before 48 h after the end of the 31st: still open.
    await closeAt('2026-04-03T03:59:00Z');
    expect((await closuresOf(brasserieId, 1)).map((c) => c.start_day)).toEqual(daysFrom(FIRST, '2026-03-30'));
    // 48 h after: closed anyway, and its month with it.
    await closeAt('2026-04-03T04:00:00Z');
    // April 1st and 2nd (no sale) have ended too: closed with zero totals.
    expect((await closuresOf(brasserieId, 1)).map((c) => c.start_day)).toEqual(daysFrom(FIRST, '2026-04-02'));
    expect(await closuresOf(brasserieId, 3)).toHaveLength(1);
    await db().updateTable('registers').set({ closed_through: LAST }).where('id', '=', register.id).execute();
  });

  it('sums the registers’ daily closures to the cent, by payment type and by VAT rate', async () => {
    const expected = await sql<{
      company_id: string;
      end_day: string;
      ivat: string;
      evat: string;
      tax: string;
      discount: string;
      offered: string;
      services: string;
    }>`select company_id, end_day::text as end_day, sum(amount_total_ivat)::text as ivat,
         sum(amount_total_evat)::text as evat, sum(amount_tax)::text as tax,
         sum(amount_discount_ivat)::text as discount, sum(amount_offered_ivat)::text as offered,
         sum(jsonb_array_length(service_ids))::text as services
       from closures where type = 1 and company_id in (${sql.join(await demoCompanyIds())})
       group by company_id, end_day order by company_id, end_day`.execute(db());
    expect(expected.rows.length).toBeGreaterThanOrEqual((await demoCompanyIds()).length * 2);
    for (const e of expected.rows) {
      const [daily] = (await closuresOf(e.company_id, 1)).filter((c) => c.start_day === e.end_day);
      expect(Number(e.ivat)).toBeGreaterThan(0);
      expect(daily).toMatchObject({
        end_day: e.end_day,
        amount_total_ivat: Number(e.ivat),
        amount_total_evat: Number(e.evat),
        amount_tax: Number(e.tax),
        amount_discount_ivat: Number(e.discount),
        amount_offered_ivat: Number(e.offered),
        services_count: Number(e.services),
      });
    }
    const payments = await sql<{ company_id: string; end_day: string; type_id: string; amount: string }>`
      select c.company_id, c.end_day::text as end_day, p->>'paymentTypeId' as type_id,
        sum((p->>'amount')::bigint)::text as amount
      from closures c, jsonb_array_elements(c.payments) p where c.type = 1
      group by 1, 2, 3`.execute(db());
    const taxes = await sql<{ company_id: string; end_day: string; rate: number; ivat: string }>`
      select c.company_id, c.end_day::text as end_day, (x->>'vatRateBp')::int as rate,
        sum((x->>'ivat')::bigint)::text as ivat
      from closures c, jsonb_array_elements(c.taxes) x where c.type = 1
      group by 1, 2, 3`.execute(db());
    expect(payments.rows.length).toBeGreaterThan(0);
    const dailies = await db()
      .selectFrom('server_closures')
      .selectAll()
      .where('type', '=', 1)
      .where('company_id', 'in', await demoCompanyIds())
      .execute();
    // Days without any register closure are closed with zero totals.
    for (const daily of dailies) {
      const sold = expected.rows.some(
        (e) => e.company_id === daily.company_id && e.end_day === daily.start_day,
      );
      if (!sold)
        expect(daily).toMatchObject({ amount_total_ivat: 0, payments: [], taxes: [], services_count: 0 });
    }
    for (const daily of dailies) {
      const mine = payments.rows.filter(
        (p) => p.company_id === daily.company_id && p.end_day === daily.start_day,
      );
      expect(daily.payments.map((p) => [p.paymentTypeId, p.amount]).sort()).toEqual(
        mine.map((p) => [p.type_id, Number(p.amount)]).sort(),
      );
      const rates = taxes.rows.filter(
        (x) => x.company_id === daily.company_id && x.end_day === daily.start_day,
      );
      expect(daily.taxes.map((x) => [x.vatRateBp, x.ivat])).toEqual(
        rates.map((x) => [x.rate, Number(x.ivat)]).sort((a, b) => a[0]! - b[0]!),
      );
    }
  });

  it('makes the monthly closure the sum of its dailies and accumulates perpetual grand totals', async () => {
    for (const companyId of await demoCompanyIds()) {
      const all = await closuresOf(companyId, 1);
      const dailies = all.filter((d) => d.start_day <= LAST);
      expect(dailies.length).toBeGreaterThan(1);
      const [monthly] = await closuresOf(companyId, 3);
      const sum = (key: 'amount_total_ivat' | 'amount_tax' | 'amount_payment_shift' | 'services_count') =>
        dailies.reduce((n, d) => n + d[key], 0);
      expect(monthly).toMatchObject({
        amount_total_ivat: sum('amount_total_ivat'),
        amount_tax: sum('amount_tax'),
        amount_payment_shift: sum('amount_payment_shift'),
        services_count: sum('services_count'),
        grand_total_ivat: sum('amount_total_ivat'),
      });
      let grand = 0;
      for (const daily of all) {
        grand += daily.amount_total_ivat;
        expect(daily.grand_total_ivat).toBe(grand);
      }
    }
  });

  it('chains each establishment’s closures, signed by the server, with a signed head', async () => {
    for (const companyId of await demoCompanyIds()) {
      const chain = await closuresOf(companyId);
      expect(chain.map((c) => c.seq)).toEqual(chain.map((_, i) => i + 1));
      const march = daysFrom(await firstRecordDay(companyId), LAST).map((d) => `1 ${d}`);
      expect(chain.map((c) => `${c.type} ${c.start_day}`)).toEqual([
        ...march,
        '3 2026-03-01',
        '1 2026-04-01',
        '1 2026-04-02',
      ]);
      chain.forEach((c, i) => {
        expect(c.prev_sig).toBe(i === 0 ? null : chain[i - 1]!.sig);
        expect(t.app.serverKey.verify(encodeServerClosure(c), c.sig)).toBe(true);
      });
      // A changed amount no longer verifies.
      const first = chain[0]!;
      expect(
        t.app.serverKey.verify(
          encodeServerClosure({ ...first, amount_total_ivat: first.amount_total_ivat + 1 }),
          first.sig,
        ),
      ).toBe(false);
      const head = await db()
        .selectFrom('server_chain_heads')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('kind', '=', 'server_closure')
        .executeTakeFirstOrThrow();
      const last = chain.at(-1)!;
      expect(head).toMatchObject({ last_seq: last.seq, last_sig: last.sig });
      const bytes = encodeChainHead({
        accountId: head.account_id,
        companyId,
        kind: 'server_closure',
        lastSeq: head.last_seq,
        lastSig: head.last_sig,
      });
      expect(t.app.serverKey.verify(bytes, head.sig)).toBe(true);
    }
  });

  it('creates nothing new when run again', async () => {
    const before = await db().selectFrom('server_closures').select('id').execute();
    const again = await closeAt('2026-04-03T04:00:00Z');
    expect(again.created).toBe(0);
    expect(await db().selectFrom('server_closures').select('id').execute()).toEqual(before);
  });

  it('records each closure in the technical events journal', async () => {
    const closures = await closuresOf(brasserieId);
    const events = await db()
      .selectFrom('jet_events')
      .select(['code', 'label', 'details', 'company_id'])
      .where('code', 'in', ['31', '33', '35'])
      .where('company_id', '=', brasserieId)
      .orderBy('seq')
      .execute();
    expect(closures.length).toBeGreaterThan(3);
    expect(events.map((e) => [e.code, e.label])).toEqual(
      closures.map((c) => (c.type === 1 ? ['31', 'Clôture journalière'] : ['33', 'Clôture mensuelle'])),
    );
    expect(events.map((e) => e.details)).toEqual(
      closures.map((c) => ({
        closureId: c.id,
        startDay: c.start_day,
        endDay: c.end_day,
        seq: c.seq,
        amountTotalIvat: c.amount_total_ivat,
        grandTotalIvat: c.grand_total_ivat,
      })),
    );
  });

  it('refuses a record of a day the server has closed with PERIOD_CLOSED, storing nothing', async () => {
    const keys = keyPairFromSeed(Buffer.alloc(32, 7));
    const { registerId, registerToken } = await enrolRegister(t, token, brasserieId, {
      name: 'Caisse test',
      serial: 'SN-H1',
      keys,
    });
    const chain = new ChainWriter(keys.privateKey, registerId, 'order');
    const post = (records: SignedRecord[]) =>
      t
        .asRegister(registerToken)
        .post(`/pos/v1/registers/${registerId}/batches`, { batchId: crypto.randomUUID(), records });
    const late = chain.append(`${LAST}T20:00:00.000Z`, oneLineOrder(1, LAST));
    const refused = await post([late]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('PERIOD_CLOSED');
    const stored = await db()
      .selectFrom('pos_records')
      .select('seq')
      .where('register_id', '=', registerId)
      .execute();
    expect(stored).toEqual([]);

    // A day the server has not closed is still taken (same chain position: the refused record was not kept).
    const writer = new ChainWriter(keys.privateKey, registerId, 'order');
    const accepted = await post([writer.append('2026-04-05T10:00:00.000Z', oneLineOrder(1, '2026-04-05'))]);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('lists the caller’s server closures with the establishment name, and nothing of another account', async () => {
    const res = await holder().get('/api/administration-fiscale/server-closures', {
      query: { startDate: '2026-03-30', endDate: '2026-03-30', type: '1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ServerClosureListResponse>();
    const brasserie = body.closures.filter((c) => c.companyId === brasserieId);
    expect(brasserie).toHaveLength(1);
    expect(brasserie[0]).toMatchObject({ type: 1, startDay: '2026-03-30', endDay: '2026-03-30', seq: 2 });
    // Its number among the establishment's daily closures is the piece of the day's accounting
    // entries (issue 30, defect 10): the second daily closure, Z2.
    expect(brasserie[0]!.dailyNumber).toBe('Z2');
    const preview = await holder().get('/api/exportVat/getExportDatas', {
      query: {
        opening_date: '2026-03-30 00:00:00',
        closing_date: '2026-03-30 23:59:59',
        idCompanies: JSON.stringify([brasserieId]),
        limit: 'false',
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const pieces = new Set(
      preview.json<AccountingPreviewResponse>()[0]!.datas.map((row) => row.numberCaisse),
    );
    expect([...pieces]).toEqual(['Z2']);
    expect(brasserie[0]!.companyName).toBe(suite!.establishments[0]!.company_name);

    const months = await holder().get('/api/administration-fiscale/server-closures', {
      query: { startDate: '2026-03-15', endDate: '2026-03-15' },
    });
    expect(months.json<ServerClosureListResponse>().closures.map((c) => c.type)).toEqual(
      suite!.establishments.map(() => 3),
    );

    const reversed = await holder().get('/api/administration-fiscale/server-closures', {
      query: { startDate: '2026-03-31', endDate: '2026-03-01' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.code).toBe('INVALID_PERIOD');

    // There is no year 0: refused with the request's other mistakes (it once reached the database,
    // which answered 500).
    const yearZero = await holder().get('/api/administration-fiscale/server-closures', {
      query: { startDate: '0000-01-01', endDate: '2026-01-01' },
    });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().error.code).toBe('VALIDATION_ERROR');

    const stranger = await createTestTenant(t);
    const strangerToken = (await signInAs(t, stranger.holderEmail, stranger.password)).accessToken;
    const theirs = await t.as(strangerToken).get('/api/administration-fiscale/server-closures', {
      query: { startDate: '2026-03-01', endDate: '2026-03-31' },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<ServerClosureListResponse>().closures).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/administration-fiscale/server-closures',
      query: { startDate: '2026-03-01', endDate: '2026-03-31' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('runs as a queued job, never queued twice, catching up every ended day', async () => {
    expect(await enqueueServerClosures(db(), (queue, payload) => t.app.jobs.enqueue(queue, payload))).toBe(
      true,
    );
    expect(await enqueueServerClosures(db(), (queue, payload) => t.app.jobs.enqueue(queue, payload))).toBe(
      false,
    );
    const job = await waitFor(
      () =>
        db()
          .selectFrom('jobs')
          .select(['status', 'result', 'error'])
          .where('queue', '=', SERVER_CLOSURES_QUEUE)
          .where('status', 'in', ['done', 'failed'])
          .executeTakeFirst(),
      120_000,
    );
    expect(job).toMatchObject({ status: 'done', error: null });
    // Every ended day is closed, the test register's April 5th too (48 h passed), today is not.
    const dailies = await closuresOf(brasserieId, 1);
    expect(dailies.at(-1)!.start_day < new Date().toISOString().slice(0, 10)).toBe(true);
    expect(dailies.map((d) => d.start_day)).toContain('2026-04-05');
    const april = dailies.find((d) => d.start_day === '2026-04-05')!;
    // The test register sold on April 5th but sent no closure: the server closure sums closures only.
    expect(april.amount_total_ivat).toBe(0);
    const seqs = (await closuresOf(brasserieId)).map((c) => c.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  }, 180_000);
});
