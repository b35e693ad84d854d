import { parisDayOf } from '@comptoir/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { demoAccounts } from '@comptoir/pos-sim';
import type { SignatureCheckStatus } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { closeCompanyPeriods } from '../server-closures/server-closures.service';
import { buildDemoTestApp, signInAs, type TestApp, waitFor } from '../../test-helpers';

/**
 * An attacker with a superuser disables the append-only triggers (session_replication_role =
 * replica) and edits the database behind the application's back. Each case tampers, runs the check
 * through the API and its job, reads what the errors page will read, then puts the data back.
 */
const FIRST = '2026-03-05';
const LAST = '2026-03-07';
/** The holder signed in is Groupe Dupont's: the attacker tampers with its brasserie. */
const brasserieId = demoAccounts()[0]!.establishments[0]!.companyId;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 3, endDay: LAST });
  // The server closes the brasserie's days as its scheduled job would the next morning.
  await closeCompanyPeriods(t.database.db, t.app.serverKey, brasserieId, new Date('2026-03-08T12:00:00Z'));
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
}, 120_000);
afterAll(() => t.close());

const db = () => t.database.db;

/** Runs `change` with the append-only triggers off, as a superuser could. */
async function asAttacker(change: (trx: Db) => Promise<unknown>): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await change(trx);
    });
}

interface StoredDefect {
  code: string;
  scope: string;
  seq: number | null;
  record_kind: string;
  message: string;
  details: Record<string, unknown>;
}

async function check(startDate = FIRST, endDate = LAST) {
  const res = await t
    .as(token)
    .post('/api/check/signatureServer', undefined, { query: { startDate, endDate } });
  expect(res.statusCode, res.body).toBe(200);
  const { jobId } = res.json() as { jobId: number };
  const status = await waitFor(async () => {
    const s = await t.as(token).get(`/api/check/jobs/${jobId}`);
    const body = s.json() as SignatureCheckStatus;
    return body.status === 'done' || body.status === 'failed' ? body : null;
  }, 120_000);
  expect(status.status).toBe('done');
  const defects = (await db()
    .selectFrom('signature_check_errors')
    .select(['code', 'scope', 'seq', 'record_kind', 'message', 'details'])
    .where('job_id', '=', jobId)
    .execute()) as StoredDefect[];
  return { status, defects };
}

/** A register chain of kind `order` with a few records, and its register's name. */
async function orderChain() {
  const reg = await db()
    .selectFrom('registers')
    .select(['id', 'name'])
    .where('company_id', '=', brasserieId)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  const records = await db()
    .selectFrom('pos_records')
    .selectAll()
    .where('register_id', '=', reg.id)
    .where('kind', '=', 'order')
    .orderBy('seq')
    .execute();
  return { reg, records };
}

describe('signature check against a tampered database', () => {
  it('finds nothing wrong in an untouched range, and says how much it checked', async () => {
    const { status, defects } = await check();
    expect(defects).toEqual([]);
    expect(status.result?.defects).toBe(0);
    expect(status.result?.checkedRecords).toBeGreaterThan(100);
    expect(status.result).toMatchObject({ startDay: FIRST, endDay: LAST });
  });

  it('names the order line, the table, the field, the signed price and the stored one', async () => {
    const line = await db()
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .innerJoin('registers as r', 'r.id', 'o.register_id')
      .select(['l.id', 'l.price', 'o.number', 'o.seq', 'r.name', 'o.id as orderId'])
      .where('l.price', '>', 100)
      .where('l.company_id', '=', brasserieId)
      .orderBy('o.seq')
      .executeTakeFirstOrThrow();
    await asAttacker((trx) =>
      trx.updateTable('order_lines').set({ price: 1 }).where('id', '=', line.id).execute(),
    );
    try {
      const { defects } = await check();
      const mismatch = defects.filter((d) => d.code === 'ROW_MISMATCH');
      expect(mismatch).toHaveLength(1);
      expect(mismatch[0]!.details).toMatchObject({
        table: 'order_lines',
        field: 'price',
        expected: line.price,
        found: 1,
      });
      expect(mismatch[0]!.seq).toBe(line.seq);
      expect(mismatch[0]!.message).toMatch(
        new RegExp(
          `^Ligne de commande \\d+ de la commande n° ${line.number} \\(caisse ${line.name}, séquence ${line.seq}\\) : ` +
            `prix signé ${(line.price / 100).toFixed(2)}, trouvé 0.01$`,
        ),
      );
    } finally {
      await asAttacker((trx) =>
        trx.updateTable('order_lines').set({ price: line.price }).where('id', '=', line.id).execute(),
      );
    }
  });

  it('reports a record deleted in the middle of a chain as a sequence gap naming the missing number', async () => {
    const { reg, records } = await orderChain();
    const victim = records[Math.floor(records.length / 2)]!;
    await asAttacker((trx) =>
      trx
        .deleteFrom('pos_records')
        .where('register_id', '=', reg.id)
        .where('kind', '=', 'order')
        .where('seq', '=', victim.seq)
        .execute(),
    );
    try {
      const { defects } = await check();
      const gaps = defects.filter((d) => d.code === 'SEQUENCE_GAP');
      expect(gaps).toHaveLength(1);
      expect(gaps[0]!.details).toMatchObject({ missingFrom: victim.seq, missingTo: victim.seq });
      expect(gaps[0]!.seq).toBe(victim.seq + 1);
      expect(gaps[0]!.message).toBe(
        `Caisse ${reg.name}, chaîne commande : séquence ${victim.seq} manquante entre la séquence ` +
          `${victim.seq - 1} et la séquence ${victim.seq + 1}`,
      );
      // The order's row is still there, its signed record is not: nothing else is reported.
      expect(defects.filter((d) => d.code !== 'SEQUENCE_GAP')).toEqual([]);
    } finally {
      await asAttacker((trx) => trx.insertInto('pos_records').values(victim).execute());
    }
  });

  it('reports a deleted tail against the signed chain head', async () => {
    const { reg, records } = await orderChain();
    const tail = records.slice(-2);
    const lastKept = records[records.length - 3]!;
    await asAttacker((trx) =>
      trx
        .deleteFrom('pos_records')
        .where('register_id', '=', reg.id)
        .where('kind', '=', 'order')
        .where('seq', '>', lastKept.seq)
        .execute(),
    );
    try {
      const { defects } = await check();
      const heads = defects.filter((d) => d.code === 'HEAD_MISMATCH');
      expect(heads).toHaveLength(1);
      expect(heads[0]!.details).toMatchObject({ headSeq: tail[1]!.seq, lastStoredSeq: lastKept.seq });
      expect(heads[0]!.message).toBe(
        `Caisse ${reg.name}, chaîne commande : la tête signée désigne la séquence ${tail[1]!.seq}, ` +
          `dernière séquence enregistrée ${lastKept.seq} (séquences ${tail[0]!.seq} à ${tail[1]!.seq} disparues)`,
      );
    } finally {
      await asAttacker((trx) => trx.insertInto('pos_records').values(tail).execute());
    }
  });

  it('reports a forged register closure total against its signed record and its orders', async () => {
    const closure = await db()
      .selectFrom('closures as c')
      .innerJoin('registers as r', 'r.id', 'c.register_id')
      .select(['c.id', 'c.seq', 'c.amount_total_ivat', 'c.start_day', 'r.name'])
      .where('c.type', '=', 1)
      .where('c.company_id', '=', brasserieId)
      .where('c.amount_total_ivat', '>', 0)
      .orderBy('c.end_day')
      .executeTakeFirstOrThrow();
    const forged = closure.amount_total_ivat + 10_000;
    await asAttacker((trx) =>
      trx.updateTable('closures').set({ amount_total_ivat: forged }).where('id', '=', closure.id).execute(),
    );
    try {
      const { defects } = await check();
      const [y, m, d] = closure.start_day.split('-');
      const total = defects.find((x) => x.code === 'CLOSURE_TOTAL_MISMATCH' && x.scope === 'register');
      expect(total?.details).toMatchObject({
        table: 'closures',
        field: 'amount_total_ivat',
        expected: closure.amount_total_ivat,
        found: forged,
      });
      expect(total?.message).toBe(
        `Clôture du ${d}/${m}/${y} (caisse ${closure.name}, séquence ${closure.seq}) : total TTC recalculé des ` +
          `commandes ${(closure.amount_total_ivat / 100).toFixed(2)}, trouvé ${(forged / 100).toFixed(2)}`,
      );
      const row = defects.find((x) => x.code === 'ROW_MISMATCH');
      expect(row?.details).toMatchObject({ table: 'closures', field: 'amount_total_ivat' });
      // The server's daily closure summed the genuine register closure: it no longer matches either.
      expect(defects.map((x) => `${x.scope} ${x.code}`).sort()).toEqual([
        'register CLOSURE_TOTAL_MISMATCH',
        'register ROW_MISMATCH',
        'server_closure CLOSURE_TOTAL_MISMATCH',
      ]);
    } finally {
      await asAttacker((trx) =>
        trx
          .updateTable('closures')
          .set({ amount_total_ivat: closure.amount_total_ivat })
          .where('id', '=', closure.id)
          .execute(),
      );
    }
  });

  it('reports a forged server closure total: bad signature, total against its sources, grand total', async () => {
    const closure = await db()
      .selectFrom('server_closures')
      .selectAll()
      .where('company_id', '=', brasserieId)
      .where('type', '=', 1)
      .where('amount_total_ivat', '>', 0)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    const forged = closure.amount_total_ivat - 5_000;
    await asAttacker((trx) =>
      trx
        .updateTable('server_closures')
        .set({ amount_total_ivat: forged })
        .where('id', '=', closure.id)
        .execute(),
    );
    try {
      const { defects } = await check();
      const [y, m, d] = closure.start_day.split('-');
      const what = `Clôture serveur journalière du ${d}/${m}/${y} (séquence ${closure.seq})`;
      expect(defects.map((x) => [x.scope, x.code, x.seq, x.message])).toEqual([
        [
          'server_closure',
          'BAD_SIGNATURE',
          closure.seq,
          `${what} : la signature du serveur ne correspond pas au contenu enregistré`,
        ],
        [
          'server_closure',
          'GRAND_TOTAL_MISMATCH',
          closure.seq,
          `${what} : grand total perpétuel attendu ${((closure.grand_total_ivat - 5_000) / 100).toFixed(2)} ` +
            `(précédent + période), trouvé ${(closure.grand_total_ivat / 100).toFixed(2)}`,
        ],
        [
          'server_closure',
          'CLOSURE_TOTAL_MISMATCH',
          closure.seq,
          `${what} : total TTC recalculé ${(closure.amount_total_ivat / 100).toFixed(2)}, trouvé ${(forged / 100).toFixed(2)}`,
        ],
      ]);
    } finally {
      await asAttacker((trx) =>
        trx
          .updateTable('server_closures')
          .set({ amount_total_ivat: closure.amount_total_ivat })
          .where('id', '=', closure.id)
          .execute(),
      );
    }
  });

  it('reports an edited JET event as a bad server signature', async () => {
    const today = parisDayOf(new Date());
    const event = await db()
      .selectFrom('jet_events')
      .select(['id', 'seq', 'label', 'code'])
      .where('account_id', '=', demoAccounts()[0]!.accountId)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    await asAttacker((trx) =>
      trx.updateTable('jet_events').set({ label: 'Rien à signaler' }).where('id', '=', event.id).execute(),
    );
    try {
      const { defects } = await check(today, today);
      const bad = defects.filter((d) => d.code === 'BAD_SIGNATURE');
      expect(bad).toHaveLength(1);
      expect(bad[0]).toMatchObject({ scope: 'jet', seq: event.seq, record_kind: 'jet_event' });
      expect(bad[0]!.message).toMatch(
        new RegExp(
          `^Événement du JET n° ${event.seq} \\(${event.code} Rien à signaler, .*\\) : la signature du serveur`,
        ),
      );
    } finally {
      await asAttacker((trx) =>
        trx.updateTable('jet_events').set({ label: event.label }).where('id', '=', event.id).execute(),
      );
    }
  });

  it('does not store the same open defect twice when the same range is checked again', async () => {
    const line = await db()
      .selectFrom('payment_lines')
      .select(['id', 'amount'])
      .where('amount', '>', 0)
      .where('company_id', '=', brasserieId)
      .executeTakeFirstOrThrow();
    await asAttacker((trx) =>
      trx
        .updateTable('payment_lines')
        .set({ amount: line.amount + 1 })
        .where('id', '=', line.id)
        .execute(),
    );
    try {
      const first = await check();
      const second = await check();
      expect(first.defects.map((d) => d.details.field)).toEqual(['amount']);
      expect(second.status.result?.defects).toBe(1);
      expect(second.defects).toEqual([]);
    } finally {
      await asAttacker((trx) =>
        trx.updateTable('payment_lines').set({ amount: line.amount }).where('id', '=', line.id).execute(),
      );
    }
  });
});

/** An order of the brasserie with lines, a payment and history, and what chain it is on. */
async function sealedOrder() {
  return db()
    .selectFrom('orders as o')
    .innerJoin('registers as r', 'r.id', 'o.register_id')
    .select(['o.id', 'o.number', 'o.seq', 'o.register_id', 'r.name'])
    .where('o.company_id', '=', brasserieId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('payment_lines as p').select('p.id').whereRef('p.order_id', '=', 'o.id')),
    )
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('tracking as h').select('h.id').whereRef('h.record_id', '=', 'o.id')),
    )
    .orderBy('o.seq')
    .executeTakeFirstOrThrow();
}

type OrderPosition = { register_id: string; seq: number };

/** The stored record of an order. */
function recordOf(order: OrderPosition) {
  return db()
    .selectFrom('pos_records')
    .select(['rows_digest', 'rows_seal', 'data'])
    .where('register_id', '=', order.register_id)
    .where('kind', '=', 'order')
    .where('seq', '=', order.seq)
    .executeTakeFirstOrThrow();
}

/** Rewrites the seal columns of an order's record, as the attacker can. */
function rewriteSeal(order: OrderPosition, seal: { rows_digest: string | null; rows_seal?: string | null }) {
  return asAttacker((trx) =>
    trx
      .updateTable('pos_records')
      .set(seal)
      .where('register_id', '=', order.register_id)
      .where('kind', '=', 'order')
      .where('seq', '=', order.seq)
      .execute(),
  );
}

describe('the seals of the stored rows', () => {
  it('names a line added to a signed order, which no signed record holds', async () => {
    const order = await sealedOrder();
    const line = await db()
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const added = { ...line, id: '0d0d0d0d-0000-4000-8000-000000000001', price: 990 };
    await asAttacker((trx) => trx.insertInto('order_lines').values(added).execute());
    try {
      const { defects } = await check();
      expect(defects.map((d) => [d.code, d.seq, d.details])).toEqual([
        ['ROW_MISMATCH', order.seq, { table: 'order_lines', field: 'id', expected: null, found: added.id }],
      ]);
      expect(defects[0]!.message).toBe(
        `Commande n° ${order.number} (caisse ${order.name}, séquence ${order.seq}) : ligne ${added.id} ` +
          `de la table order_lines absente de l'enregistrement signé`,
      );
    } finally {
      await asAttacker((trx) => trx.deleteFrom('order_lines').where('id', '=', added.id).execute());
    }
  });

  it('names a payment removed from a signed order', async () => {
    const order = await sealedOrder();
    const payment = await db()
      .selectFrom('payment_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    await asAttacker((trx) => trx.deleteFrom('payment_lines').where('id', '=', payment.id).execute());
    try {
      const { defects } = await check();
      expect(defects).toHaveLength(1);
      expect(defects[0]).toMatchObject({
        code: 'ROW_MISMATCH',
        seq: order.seq,
        details: { table: 'payment_lines', field: 'id', expected: payment.id, found: null },
      });
      expect(defects[0]!.message).toMatch(
        new RegExp(
          `^Paiement \\d+ de la commande n° ${order.number} \\(caisse ${order.name}, séquence ${order.seq}\\) : ` +
            `ligne signée absente de la table payment_lines$`,
        ),
      );
    } finally {
      await asAttacker((trx) => trx.insertInto('payment_lines').values(payment).execute());
    }
  });

  it('names an edited line of the audit history with the signed value', async () => {
    const order = await sealedOrder();
    const entry = await db()
      .selectFrom('tracking')
      .selectAll()
      .where('record_id', '=', order.id)
      .executeTakeFirstOrThrow();
    await asAttacker((trx) =>
      trx.updateTable('tracking').set({ value: 'rien' }).where('id', '=', entry.id).execute(),
    );
    try {
      const { defects } = await check();
      expect(defects).toHaveLength(1);
      expect(defects[0]).toMatchObject({
        code: 'ROW_MISMATCH',
        details: { table: 'tracking', field: 'value', found: 'rien' },
      });
      expect(defects[0]!.message).toMatch(
        new RegExp(`^Historique 1 de la commande n° ${order.number} .*: value signé .*, trouvé rien$`),
      );
    } finally {
      await asAttacker((trx) =>
        trx.updateTable('tracking').set({ value: entry.value }).where('id', '=', entry.id).execute(),
      );
    }
  });

  it('reports a digest rewritten to match edited rows as a seal the server did not make', async () => {
    const order = await sealedOrder();
    const record = await recordOf(order);
    expect(record.rows_digest).toMatch(/^[0-9a-f]{64}$/);
    await rewriteSeal(order, { rows_digest: '0'.repeat(64) });
    try {
      const { defects } = await check();
      expect(defects.map((d) => [d.code, d.seq, d.details])).toEqual([
        ['ROW_MISMATCH', order.seq, { table: 'pos_records', field: 'rows_seal' }],
      ]);
      expect(defects[0]!.message).toBe(
        `Commande n° ${order.number} (caisse ${order.name}, séquence ${order.seq}) : le sceau du serveur sur ` +
          'les lignes enregistrées ne correspond pas (empreinte ou sceau modifié)',
      );
    } finally {
      await rewriteSeal(order, { rows_digest: record.rows_digest });
    }
  });

  it('compares the rows of a record stored before seals one by one with what it signed', async () => {
    const order = await sealedOrder();
    const record = await recordOf(order);
    const signedCovers = (JSON.parse(record.data as string) as { covers: number }).covers;
    await rewriteSeal(order, { rows_digest: null, rows_seal: null });
    try {
      expect((await check()).defects).toEqual([]);
      await asAttacker((trx) =>
        trx.updateTable('orders').set({ covers: 99 }).where('id', '=', order.id).execute(),
      );
      const { defects } = await check();
      expect(defects.map((d) => [d.code, d.details.table, d.details.field, d.details.found])).toEqual([
        ['ROW_MISMATCH', 'orders', 'covers', 99],
      ]);
    } finally {
      await rewriteSeal(order, { rows_digest: record.rows_digest, rows_seal: record.rows_seal });
      await asAttacker((trx) =>
        trx.updateTable('orders').set({ covers: signedCovers }).where('id', '=', order.id).execute(),
      );
    }
  });
});
