import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import type { CashRegisterIdsResponse, SignatureCheckStatus } from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { encodeRegisterChainHead } from '../../platform/jet';
import { buildDemoTestApp, signInAs, type TestApp, waitFor } from '../../test-helpers';

/** Two demo days through the real ingestion; the check's endpoints as the portal calls them. */
const FIRST = '2026-03-06';
const LAST = '2026-03-07';
const [suite] = demoAccounts();
const brasserieId = suite!.establishments[0]!.companyId;

let t: TestApp;
let holder: string;
let other: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: LAST });
  holder = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  other = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
}, 120_000);
afterAll(() => t.close());

const db = () => t.database.db;
const unix = (day: string) => String(Date.parse(`${day}T12:00:00Z`) / 1000);

async function finished(jobId: number, token = holder): Promise<SignatureCheckStatus> {
  return waitFor(async () => {
    const res = await t.as(token).get(`/api/check/jobs/${jobId}`);
    const body = res.json() as SignatureCheckStatus;
    return body.status === 'done' || body.status === 'failed' ? body : null;
  }, 60_000);
}

describe('chain heads', () => {
  it('are signed by the server over the register, the kind and the last link', async () => {
    const heads = await db()
      .selectFrom('chain_heads')
      .selectAll()
      .where('company_id', '=', brasserieId)
      .execute();
    expect(heads.length).toBeGreaterThan(3);
    for (const h of heads) {
      const bytes = encodeRegisterChainHead({
        accountId: h.account_id,
        companyId: h.company_id,
        registerId: h.register_id,
        kind: h.kind,
        lastSeq: h.last_seq,
        lastSig: h.last_sig,
      });
      expect(t.app.serverKey.verify(bytes, h.server_sig!)).toBe(true);
    }
  });
});

describe('POST /api/check/signatureServer and GET /api/check/jobs/:id', () => {
  it('checks the range in a job with unix-second dates and reports 100 % with the result', async () => {
    const res = await t.as(holder).post('/api/check/signatureServer', undefined, {
      query: { startDate: unix(FIRST), endDate: unix(LAST) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = await finished((res.json() as { jobId: number }).jobId);
    expect(status).toMatchObject({ status: 'done', progress: 100, remainingSeconds: 0 });
    expect(status.result).toMatchObject({ startDay: FIRST, endDay: LAST, defects: 0 });
    expect(status.result!.checkedRecords).toBeGreaterThan(100);
    const run = await db()
      .selectFrom('jet_events')
      .select(['code', 'details'])
      .where('account_id', '=', suite!.accountId)
      .where('code', '=', '50')
      .execute();
    expect(run.length).toBe(1);
  });

  it('refuses bad dates with the codes of the contract', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ startDate: 'yesterday', endDate: LAST }, 'INVALID_DATE'],
      [{ startDate: '2026-02-30', endDate: LAST }, 'INVALID_DATE'],
      [{ startDate: LAST, endDate: FIRST }, 'REVERSED_DATES'],
      [{ startDate: '2025-01-01', endDate: '2026-01-03' }, 'PERIOD_TOO_LONG'],
    ];
    for (const [query, code] of cases) {
      const res = await t.as(holder).post('/api/check/signatureServer', undefined, { query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code } });
    }
  });

  it('does not show a job to another account, nor start one without a session', async () => {
    const res = await t
      .as(holder)
      .post('/api/check/signatureServer', undefined, { query: { startDate: FIRST, endDate: LAST } });
    const { jobId } = res.json() as { jobId: number };
    const peek = await t.as(other).get(`/api/check/jobs/${jobId}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toMatchObject({ error: { code: 'JOB_NOT_FOUND' } });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/check/signatureServer',
      query: { startDate: FIRST, endDate: LAST },
    });
    expect(anonymous.statusCode).toBe(401);
    await finished(jobId);
  });
});

describe('registers', () => {
  it('lists the registers that recorded something in the range, of the caller’s account only', async () => {
    const res = await t.as(holder).get('/api/administration-fiscale/check/fetchIdsCashRegisters', {
      query: { startDate: unix(FIRST), endDate: unix(LAST) },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as CashRegisterIdsResponse;
    const expected = await db()
      .selectFrom('registers')
      .select('id')
      .where('account_id', '=', suite!.accountId)
      .execute();
    expect(list.map((r) => r.id_cash_register).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(list.find((r) => r.companyId === brasserieId)?.companyName).toBeTruthy();
    const none = await t.as(holder).get('/api/administration-fiscale/check/fetchIdsCashRegisters', {
      query: { startDate: '2025-01-01', endDate: '2025-01-02' },
    });
    expect(none.json()).toEqual([]);
  });

  it('compares the heads a register knows with the stored ones and names the difference', async () => {
    const head = await db()
      .selectFrom('chain_heads as h')
      .innerJoin('registers as r', 'r.id', 'h.register_id')
      .select(['h.register_id', 'h.kind', 'h.last_seq', 'h.last_sig', 'r.name'])
      .where('h.company_id', '=', brasserieId)
      .where('h.kind', '=', 'order')
      .executeTakeFirstOrThrow();
    const res = await t.as(holder).post(
      '/api/check/signaturePos',
      {
        lastSignatures: [{ kind: 'order', seq: head.last_seq + 2, sig: 'AAAA' }],
      },
      { query: { idCashRegister: head.register_id, startDate: FIRST, endDate: LAST } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = res.json() as { jobId: number };
    const status = await finished(jobId);
    expect(status.result?.defects).toBe(1);
    const [defect] = await db()
      .selectFrom('signature_check_errors')
      .selectAll()
      .where('job_id', '=', jobId)
      .execute();
    expect(defect).toMatchObject({
      code: 'HEAD_MISMATCH',
      register_id: head.register_id,
      seq: head.last_seq + 2,
    });
    expect(defect!.message).toBe(
      `Caisse ${head.name}, chaîne commande : la caisse annonce la séquence ${head.last_seq + 2} (signature AAAA…), ` +
        `le serveur a la séquence ${head.last_seq} (signature ${head.last_sig.slice(0, 12)}…)`,
    );
    const jet = await db()
      .selectFrom('jet_events')
      .select('details')
      .where('code', '=', '51')
      .where('account_id', '=', suite!.accountId)
      .execute();
    expect(jet.map((e) => (e.details as { defectId: string }).defectId)).toContain(defect!.id);
  });

  it('refuses a register of another account', async () => {
    const foreign = await db()
      .selectFrom('registers')
      .select('id')
      .where('account_id', '!=', suite!.accountId)
      .executeTakeFirstOrThrow();
    const res = await t
      .as(holder)
      .post(
        '/api/check/signaturePos',
        {},
        { query: { idCashRegister: foreign.id, startDate: FIRST, endDate: LAST } },
      );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'REGISTER_NOT_FOUND' } });
  });
});
