import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateLinkResponse } from '@comptoir/contracts';
import { PARTNER_IDS } from '../../db/migrations/020-partners';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp, uniqueAddress, waitFor } from '../../test-helpers';
import { configureTestAccounting } from '../accounting-export/accounting-export.test-fixtures';

/** Issue 31 item 21: every finished job, of every kind, leaves one notification for its requester. */

const EMAIL = 'compta@groupe-dupont.fr';
const DAY = { opening_date: '2026-03-14 00:00:00', closing_date: '2026-03-14 23:59:59' };
const CUSTOMER_PERIOD = { startDate: '2026-03-13 00:00:00', endDate: '2026-03-15 23:59:59' };

let t: TestApp;
let dataDir: string;
let token: string;
let accountId: string;
let companyId: string;

const db = () => t.database.db;
const holder = () => t.as(token, { remoteAddress: uniqueAddress });

/** The account's notifications made by what it asked for (the demo's seeded ones left out). */
async function notifications() {
  return db()
    .selectFrom('notifications')
    .select(['type', 'text'])
    .where('account_id', '=', accountId)
    .where('published_by', 'is', null)
    .where('created_at', '>', new Date(Date.now() - 10 * 60_000))
    .where('locale', 'is', null)
    .orderBy('created_at')
    .execute();
}

async function exportEnded(kind: string) {
  return waitFor(async () => {
    const row = await db()
      .selectFrom('exports')
      .selectAll()
      .where('kind', '=', kind as never)
      .executeTakeFirst();
    return row && !['queued', 'running'].includes(row.status) && row;
  }, 20_000);
}

/** Lets the worker run whatever it still has, so that nothing is added after the count. */
async function jobsIdle() {
  await waitFor(async () => {
    const busy = await db()
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return !busy;
  }, 60_000);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-job-notifications-'));
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  const user = await db()
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', 'demo@comptoir.test')
    .executeTakeFirstOrThrow();
  accountId = user.account_id!;
  const company = await db()
    .selectFrom('companies')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('company_name')
    .executeTakeFirstOrThrow();
  companyId = company.id;
  for (const table of [
    'accounting_links',
    'accounting_accounts',
    'accounting_vat_keys',
    'accounting_counters',
  ] as const) {
    await db().deleteFrom(table).where('company_id', '=', companyId).execute();
  }
  await configureTestAccounting(db(), { accountId, companyId });
}, 240_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db()
    .deleteFrom('notifications')
    .where('account_id', '=', accountId)
    .where('locale', 'is', null)
    .execute();
});

describe('one notification per finished job', () => {
  it('a sales-lines export', async () => {
    const res = await holder().post('/api/dataExport/exportData', {
      ...DAY,
      idCompanies: JSON.stringify([companyId]),
      orderTypeAway: '[1,2,3]',
      email: EMAIL,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await exportEnded('sales_lines')).status).toBe('done');
    await jobsIdle();
    const notices = await notifications();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 'success' });
    expect(notices[0]!.text).toMatch(/^Export des lignes de ventes du 14\/03\/2026 au 14\/03\/2026 terminé/);
  });

  it('a sales-lines export run again because its end could not be recorded the first time', async () => {
    // The first attempt's closing transaction fails once (a lost connection, a worker stopped).
    // A sequence, not a table: its count survives the rollback of the transaction it fails.
    await sql`create sequence fail_export_end_once`.execute(db());
    await sql`
      create function fail_export_end() returns trigger language plpgsql as $$
      begin
        if new.status = 'done' and nextval('fail_export_end_once') = 1 then
          raise exception 'connection lost';
        end if;
        return new;
      end $$`.execute(db());
    await sql`create trigger fail_export_end before update on exports
      for each row execute function fail_export_end()`.execute(db());
    try {
      await db().deleteFrom('exports').where('kind', '=', 'sales_lines').execute();
      const res = await holder().post('/api/dataExport/exportData', {
        ...DAY,
        idCompanies: JSON.stringify([companyId]),
        orderTypeAway: '[1]',
        email: EMAIL,
      });
      expect(res.statusCode, res.body).toBe(202);
      const exported = await exportEnded('sales_lines');
      expect(exported.status, exported.error ?? '').toBe('done');
      const job = await db()
        .selectFrom('jobs')
        .select('attempts')
        .where('id', '=', exported.job_id!)
        .executeTakeFirstOrThrow();
      expect(job.attempts).toBe(2);
      await jobsIdle();
      expect(await notifications()).toHaveLength(1);
    } finally {
      await sql`drop trigger fail_export_end on exports`.execute(db());
      await sql`drop function fail_export_end()`.execute(db());
      await sql`drop sequence fail_export_end_once`.execute(db());
    }
  });

  it('an accounting export', async () => {
    const res = await holder().post('/api/exportVat/export', {
      ...DAY,
      idCompanies: JSON.stringify([companyId]),
      format: 'fec',
      email: EMAIL,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await exportEnded('fec')).status).toBe('done');
    await jobsIdle();
    const notices = await notifications();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 'success' });
    expect(notices[0]!.text).toContain('FEC');
    expect(notices[0]!.text).toContain(EMAIL);
  });

  it.each([
    ['customers_all', '/api/customer-account/export-xls-all-customers', 'tous les comptes clients'],
    ['customers_unpaid', '/api/customer-account/export-xls-unpaid-sales', 'ventes impayées'],
  ])('a customer export (%s)', async (kind, url, what) => {
    const res = await holder().post(url, { ...CUSTOMER_PERIOD, email: EMAIL });
    expect(res.json()).toEqual({ ok: true, data: true });
    expect((await exportEnded(kind)).status).toBe('done');
    await jobsIdle();
    const notices = await notifications();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(what);
    expect(notices[0]!.text).toContain(EMAIL);
  });

  it('a customer history export', async () => {
    const res = await holder().get('/api/customer-account/exportCustomerHistory', {
      query: { ...CUSTOMER_PERIOD, userEmail: EMAIL, searchCategory: 'amount', amount: '' },
    });
    expect(res.json()).toEqual({ success: true });
    expect((await exportEnded('customer_history')).status).toBe('done');
    await jobsIdle();
    const notices = await notifications();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('historique');
  });

  it("a partner's validation, and its refusal", async () => {
    const ipad = await holder().post('/api/partnership/ipadToken', {});
    expect(ipad.statusCode, ipad.body).toBe(200);
    const link = await holder().post('/api/partnership/generate-link', {
      ipadToken: ipad.json<{ ipadToken: string }>().ipadToken,
      partnerId: PARTNER_IDS.bilanZinc,
    });
    expect(link.statusCode, link.body).toBe(200);
    const key = link.json<GenerateLinkResponse>().token;
    const answer = (body: object) =>
      t.as(null, { remoteAddress: uniqueAddress }).post('/api/partners/callback', body, {
        headers: { authorization: `PartnerKey ${key}` },
      });
    expect((await answer({ action: 'validate', customerId: 'BZ-1' })).statusCode).toBe(200);
    // A repeat of the same answer changes nothing, and says nothing again.
    expect((await answer({ action: 'validate', customerId: 'BZ-1' })).statusCode).toBe(200);
    const validated = await notifications();
    expect(validated).toHaveLength(1);
    expect(validated[0]).toMatchObject({ type: 'success' });
    expect(validated[0]!.text).toContain('Bilan');

    expect((await answer({ action: 'refuse', reason: 'Contrat résilié' })).statusCode).toBe(200);
    const after = await notifications();
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ type: 'warning' });
    expect(after[1]!.text).toContain('Contrat résilié');
  });
});
