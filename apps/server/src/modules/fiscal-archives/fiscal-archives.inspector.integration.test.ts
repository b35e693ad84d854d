import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import type { FiscalArchiveAnswer } from '@comptoir/contracts';
import { buildDemoTestApp, type TestApp, waitFor } from '../../test-helpers';

/**
 * Issue 18 part 3: a signed-in inspector builds an archive of the account it was granted; the archive
 * goes only to the address the access was validated for, and the JET records the inspector's export.
 */
const LAST = '2026-03-06';
const [suite, standard] = demoAccounts();
const brasserieId = suite!.establishments[0]!.companyId;
const creperieId = standard!.establishments[0]!.companyId;
const INSPECTOR = 'jeanne.martin@dgfip.finances.gouv.fr';
const OTHER = 'quelqu-un@ailleurs.test';

let t: TestApp;
let accountId: string;
let requestId: string;
let inspectorToken: string;

const db = () => t.database.db;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: LAST });
  const company = await db()
    .selectFrom('companies')
    .select('account_id')
    .where('id', '=', brasserieId)
    .executeTakeFirstOrThrow();
  accountId = company.account_id;
  // An access validated by the product team (its own tests cover that flow), then the real sign-in.
  const mailedToken = crypto.randomBytes(32).toString('base64url');
  const request = await db()
    .insertInto('fiscal_access_requests')
    .values({
      account_id: accountId,
      requested_by: null,
      asker_email: INSPECTOR,
      customer_email: 'demo@comptoir.test',
      expire_type: '1week',
      status: 'validated',
      token_hash: crypto.createHash('sha256').update(mailedToken).digest('hex'),
      decided_at: new Date(),
      expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  requestId = request.id;
  const signIn = await t
    .as(null)
    .post('/api/administration-fiscale/check', { token: mailedToken, askerEmail: INSPECTOR });
  expect(signIn.statusCode, signIn.body).toBe(200);
  inspectorToken = signIn.json<{ accessToken: string }>().accessToken;
}, 120_000);
afterAll(() => t.close());

/** The inspector asks for the cashing archive of two days, to be mailed to another address. */
const inspector = () =>
  t.as(inspectorToken, {
    query: { startDate: '20260305', endDate: '20260306', email: OTHER, kind: 'cashing' },
  });

describe('an inspector exports an archive', () => {
  it("is mailed to the inspector's validated address only, never to the address given", async () => {
    const res = await inspector().get(`/api/administration-fiscale/${brasserieId}/`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<FiscalArchiveAnswer>();
    expect(answer).toMatchObject({ hasData: true, message: 'exportProcessing' });
    const exported = await waitFor(() =>
      db()
        .selectFrom('exports')
        .select(['status', 'email', 'requested_by'])
        .where('id', '=', answer.exportId!)
        .where('status', 'in', ['done', 'failed'])
        .executeTakeFirst(),
    );
    expect(exported).toEqual({ status: 'done', email: INSPECTOR, requested_by: null });
    const mails = await db().selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).execute();
    expect(mails.filter((mail) => mail.to_address === OTHER)).toEqual([]);
    const mail = mails.find((m) => m.to_address === INSPECTOR && m.subject.startsWith('Archive fiscale'));
    expect(mail?.text).toContain('/api/administration-fiscale/archives/');
    expect(mail?.text).toContain('LISEZ-MOI-verification.txt');
  });

  it("records the inspector's export in the JET (45), with the access it was made under", async () => {
    const events = await db()
      .selectFrom('jet_events')
      .select(['code', 'label', 'company_id', 'user_id', 'details'])
      .where('account_id', '=', accountId)
      .where('code', '=', '45')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      label: "Export d'archive fiscale par l'administration fiscale",
      company_id: brasserieId,
      user_id: null,
      details: {
        requestId,
        askerEmail: INSPECTOR,
        kind: 'cashing',
        startDay: '2026-03-05',
        endDay: '2026-03-06',
      },
    });
  });

  it("refuses an establishment outside the grant (another account's) with 403 COMPANY_FORBIDDEN", async () => {
    const res = await inspector().get(`/api/administration-fiscale/${creperieId}/`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'COMPANY_FORBIDDEN' } });
    const unknown = await inspector().get(`/api/administration-fiscale/${crypto.randomUUID()}/`);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ error: { code: 'COMPANY_FORBIDDEN' } });
  });

  it('keeps the period rules of every archive (400), whoever asks', async () => {
    const res = await inspector().get(`/api/administration-fiscale/${brasserieId}/`, {
      query: { startDate: '20260306', endDate: '20260305' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'REVERSED_DATES' } });
  });

  it('refuses once the access has ended (401 SESSION_REVOKED), and mails nothing', async () => {
    await db()
      .updateTable('fiscal_access_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', requestId)
      .execute();
    const before = await db().selectFrom('exports').select('id').execute();
    const res = await inspector().get(`/api/administration-fiscale/${brasserieId}/`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'SESSION_REVOKED' } });
    expect(await db().selectFrom('exports').select('id').execute()).toHaveLength(before.length);
  });
});
