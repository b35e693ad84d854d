import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, startSmtpPeer, type TestApp, waitFor } from '../../test-helpers';
import { ALL_CUSTOMERS_SHEET, HISTORY_SHEET, UNPAID_SALES_SHEET } from './customer-exports.workbook';

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const EMAIL = 'compta@groupe-dupont.fr';
/** Every day of the demo (13 and 14 March) and the night after. */
const DEMO_PERIOD = { startDate: '2026-03-13 00:00:00', endDate: '2026-03-15 23:59:59' };
const EMPTY_PERIOD = { startDate: '2020-01-01 00:00:00', endDate: '2020-01-31 23:59:59' };

let t: TestApp;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let dataDir: string;
let token: string;

const db = () => t.database.db;

const holder = () => t.as(token);

/** Waits for the export's end and the mail it sent; answers the attached workbook's sheet as values. */
async function deliveredSheet(kind: string, sheetName: string, filename: RegExp) {
  const exported = await waitFor(async () => {
    const row = await db()
      .selectFrom('exports')
      .selectAll()
      .where('kind', '=', kind as never)
      .executeTakeFirst();
    return row && row.status !== 'queued' && row.status !== 'running' && row;
  });
  expect(exported.status, exported.error ?? '').toBe('done');
  const mail = await waitFor(async () => peer.received.find((m) => filename.test(m.raw)));
  expect(mail.to).toEqual([EMAIL]);
  expect(mail.raw).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const part = new RegExp(
    `${filename.source}[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
  ).exec(mail.raw);
  const delivered = Buffer.from(part![1]!.replace(/\s/g, ''), 'base64');
  expect(delivered.equals(await t.app.files.get(exported.file_key!))).toBe(true);
  const workbook = await new ExcelJS.Workbook().xlsx.load(delivered as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(sheetName)!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  expect(values.length - 1).toBe(exported.row_count);
  return { header: values[0]!, rows: values.slice(1), mail };
}

const cents = (euros: unknown) => Math.round(Number(euros) * 100);

beforeAll(async () => {
  peer = await startSmtpPeer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-customer-exports-'));
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir, smtpUrl: peer.url });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
}, 240_000);
afterAll(async () => {
  await t.close();
  await peer.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('customer-data exports by e-mail', () => {
  it('answers data false for a period with nothing, queues nothing and mails nothing', async () => {
    for (const kind of ['export-xls-all-customers', 'export-xls-unpaid-sales']) {
      const res = await holder().post(`/api/customer-account/${kind}`, { ...EMPTY_PERIOD, email: EMAIL });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, data: false });
    }
    expect(await db().selectFrom('exports').selectAll().execute()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.received).toHaveLength(0);
  });

  it('checks the dates and the e-mail', async () => {
    const refused = async (body: Record<string, string>, code: string) => {
      const res = await holder().post('/api/customer-account/export-xls-all-customers', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe(code);
    };
    await refused(
      { startDate: '2026-03-14 00:00:00', endDate: '2026-03-13 23:59:59', email: EMAIL },
      'REVERSED_DATES',
    );
    await refused(
      { startDate: '2025-03-13 00:00:00', endDate: '2026-03-14 23:59:59', email: EMAIL },
      'PERIOD_TOO_LONG',
    );
    await refused({ ...DEMO_PERIOD, email: 'compta@' }, 'INVALID_EMAIL');
    const unpaid = await holder().post('/api/customer-account/export-xls-unpaid-sales', {
      ...DEMO_PERIOD,
      email: 'non',
    });
    expect(unpaid.json().error.code).toBe('INVALID_EMAIL');
  });

  it('mails every account with its balance and the period sums as a real XLSX', async () => {
    const res = await holder().post('/api/customer-account/export-xls-all-customers', {
      ...DEMO_PERIOD,
      email: EMAIL,
    });
    expect(res.json()).toEqual({ ok: true, data: true });
    const { header, rows, mail } = await deliveredSheet(
      'customers_all',
      ALL_CUSTOMERS_SHEET,
      /filename=comptes-clients_2026-03-13_2026-03-15\.xlsx/,
    );
    expect(mail.raw).toMatch(/^Subject: Export de tous les comptes clients/m);
    expect(header.slice(0, 2)).toEqual(['Nom', 'Prénom']);
    const { rows: expected } = await sql<{
      lastname: string;
      firstname: string;
      balance: number;
      charges: number;
    }>`
      select ca.lastname, ca.firstname,
             coalesce((select op.balance_after from customer_operations op where op.customer_account_id = ca.id
                        order by op.at desc, op.seq desc limit 1), 0)::bigint as balance,
             coalesce((select sum(-op.amount) from customer_operations op
                        where op.customer_account_id = ca.id and op.operation = 'charge'), 0)::bigint as charges
        from customer_accounts ca
       where ca.account_id = ${suite.accountId} and ca.removed_at is null`.execute(db());
    const key = (r: { lastname: string; firstname: string; balance: number; charges: number }) =>
      `${r.lastname}|${r.firstname}|${Number(r.balance)}|${Number(r.charges)}`;
    const got = rows.map((r) =>
      key({ lastname: String(r[0]), firstname: String(r[1]), balance: cents(r[13]), charges: cents(r[14]) }),
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(got.sort()).toEqual(expected.map(key).sort());
    expect(expected.some((r) => Number(r.charges) > 0)).toBe(true);
  });

  it('mails the unpaid notes of the period: what remains due matches the debts', async () => {
    const res = await holder().post('/api/customer-account/export-xls-unpaid-sales', {
      ...DEMO_PERIOD,
      email: EMAIL,
    });
    expect(res.json()).toEqual({ ok: true, data: true });
    const { header, rows } = await deliveredSheet(
      'customers_unpaid',
      UNPAID_SALES_SHEET,
      /filename=ventes-impayees_2026-03-13_2026-03-15\.xlsx/,
    );
    expect(header).toEqual(['Date', 'Nom', 'Prénom', 'Établissement', 'N° commande', 'Montant', 'Reste dû']);
    expect(rows.length).toBeGreaterThan(0);
    // The whole story of the demo lies in the period: what remains due on an account is its debt.
    const due = new Map<string, number>();
    for (const row of rows) {
      const amount = cents(row[5]);
      const remaining = cents(row[6]);
      expect(remaining).toBeGreaterThan(0);
      expect(remaining).toBeLessThanOrEqual(amount);
      expect(row[0]).toBeInstanceOf(Date);
      expect(typeof row[4]).toBe('number');
      const name = `${String(row[1])}|${String(row[2])}`;
      due.set(name, (due.get(name) ?? 0) + remaining);
    }
    const { rows: debts } = await sql<{ lastname: string; firstname: string; balance: number }>`
      select ca.lastname, ca.firstname,
             (select op.balance_after from customer_operations op where op.customer_account_id = ca.id
               order by op.at desc, op.seq desc limit 1)::bigint as balance
        from customer_accounts ca
       where ca.account_id = ${suite.accountId}
         and exists (select 1 from customer_operations op where op.customer_account_id = ca.id)`.execute(
      db(),
    );
    const expected = new Map(
      debts
        .filter((d) => Number(d.balance) < 0)
        .map((d) => [`${d.lastname}|${d.firstname}`, -Number(d.balance)]),
    );
    expect(due).toEqual(expected);
  });

  it('mails the history of every matching operation (no 2 000 limit)', async () => {
    const res = await holder().get('/api/customer-account/exportCustomerHistory', {
      query: { ...DEMO_PERIOD, userEmail: EMAIL, searchCategory: 'amount', amount: '' },
    });
    expect(res.json()).toEqual({ success: true });
    const { rows } = await deliveredSheet(
      'customer_history',
      HISTORY_SHEET,
      /filename=historique-comptes-clients_2026-03-13_2026-03-15\.xlsx/,
    );
    const { rows: ops } = await sql<{ amount: number }>`
      select amount from customer_operations where account_id = ${suite.accountId}
         and at >= '2026-03-12T23:00:00Z' and at <= '2026-03-15T22:59:59Z'`.execute(db());
    expect(rows).toHaveLength(ops.length);
    expect(rows.map((r) => cents(r[7])).sort((a, b) => a - b)).toEqual(
      ops.map((o) => Number(o.amount)).sort((a, b) => a - b),
    );
  });
});
