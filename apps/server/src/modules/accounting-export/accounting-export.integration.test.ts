import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEC_HEADER,
  accountingCsvFileName,
  fecAmount,
  fecFileName,
  type AccountingExportRecord,
  type AccountingExportableResponse,
  type AccountingPreviewResponse,
  type FecRow,
  type SalesAnalysis,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp, waitFor } from '../../test-helpers';
import { configureTestAccounting } from './accounting-export.test-fixtures';
import { sendLateOrder } from './late-order.test-fixtures';
import { seeded } from '../../testing/seeded';
import { checkFec } from './fec-checker';
import { fileHeader, fileLine } from './fec-file';
import { renumberBookedDays } from '../../db/migrations/027-accounting-ledger';

const END_DAY = '2026-03-14';
const DAYS = ['2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'];
const EMAIL = 'compta@example.test';

let t: TestApp;
let dataDir: string;
let token: string;
let accountId: string;
let configured: { id: string; siren: string | null; siret: string | null };
let bare: string;
/** The third establishment: a ledger of its own for the property test. */
let third: string;
let foreign: string;

const db = () => t.database.db;

async function resetAccounting(companyId: string) {
  await db().deleteFrom('accounting_links').where('company_id', '=', companyId).execute();
  await db().deleteFrom('accounting_accounts').where('company_id', '=', companyId).execute();
  await db().deleteFrom('accounting_vat_keys').where('company_id', '=', companyId).execute();
  await db().deleteFrom('accounting_counters').where('company_id', '=', companyId).execute();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-fec-'));
  t = await buildDemoTestApp({ days: DAYS.length, endDay: END_DAY }, { dataDir });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  const user = await db()
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', 'demo@comptoir.test')
    .executeTakeFirstOrThrow();
  accountId = user.account_id!;
  const companies = await db()
    .selectFrom('companies')
    .select(['id', 'account_id', 'siren', 'siret'])
    .orderBy('company_name')
    .execute();
  const own = companies.filter((c) => c.account_id === accountId);
  configured = own[0]!;
  bare = own[1]!.id;
  third = own[2]!.id;
  foreign = companies.find((c) => c.account_id !== accountId)!.id;
  for (const company of own) await resetAccounting(company.id);
  await configureTestAccounting(db(), { accountId, companyId: configured.id });
}, 240_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const holder = () => t.as(token);
const period = (companyId: string, start = DAYS[0]!, end = END_DAY) => ({
  opening_date: `${start} 00:00:00`,
  closing_date: `${end} 23:59:59`,
  idCompanies: JSON.stringify([companyId]),
});

async function exportDone(exportId: string) {
  return waitFor(async () => {
    const row = await db().selectFrom('exports').selectAll().where('id', '=', exportId).executeTakeFirst();
    return row && ['done', 'failed'].includes(row.status) && row;
  }, 60_000);
}
/** The last mail sent to the accountant's address. */
async function lastMail() {
  const mails = await db()
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', EMAIL)
    .orderBy('seq')
    .execute();
  return mails.at(-1)!;
}

async function records(companyId = configured.id): Promise<AccountingExportRecord[]> {
  const res = await holder().get('/api/exportVat/exports', { query: { idCompany: companyId } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function counter(): Promise<number> {
  const row = await db()
    .selectFrom('accounting_counters')
    .select('ecriture_num')
    .where('company_id', '=', configured.id)
    .executeTakeFirstOrThrow();
  return Number(row.ecriture_num);
}

/** Each account's balance (debit − credit, cents) in the preview of one day's entries. */
async function dayTotals(day: string): Promise<Map<string, number>> {
  const res = await holder().get('/api/exportVat/getExportDatas', {
    query: { ...period(configured.id, day, day), limit: 'false', mode: '2' },
  });
  const totals = new Map<string, number>();
  for (const row of res.json<AccountingPreviewResponse>()[0]!.datas) {
    totals.set(row.account, (totals.get(row.account) ?? 0) + row.debit - row.credit);
  }
  return totals;
}

describe('exportVat/isExportable', () => {
  it('lists what lacks an account by kind, and says ok for a configured establishment', async () => {
    const missing = await holder().post('/api/exportVat/isExportable', period(bare));
    expect(missing.statusCode).toBe(200);
    const [{ result }] = missing.json<AccountingExportableResponse>() as [
      AccountingExportableResponse[number],
    ];
    expect(result.ok).toBe(false);
    expect(result.errors.vat.length).toBeGreaterThan(0);
    expect(result.errors.sales.length).toBeGreaterThan(0);
    expect(result.errors.payments.map((p) => p.label)).toContain('Carte bancaire');

    const ok = await holder().post('/api/exportVat/isExportable', period(configured.id));
    expect(ok.json()).toEqual([{ result: { ok: true, errors: { vat: [], sales: [], payments: [] } } }]);
  });

  it('refuses two establishments, another account\u2019s establishment and a session-less caller', async () => {
    const two = await holder().post('/api/exportVat/isExportable', {
      ...period(configured.id),
      idCompanies: JSON.stringify([configured.id, bare]),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.code).toBe('ACCOUNTING_ONE_COMPANY');
    const other = await holder().post('/api/exportVat/isExportable', period(foreign));
    expect(other.statusCode).toBe(403);
    // A malformed id is bad input, answered as the sales-lines export answers it.
    for (const idCompanies of [JSON.stringify(['not-an-id']), '12345']) {
      const malformed = await holder().post('/api/exportVat/isExportable', { ...period(bare), idCompanies });
      expect([malformed.statusCode, malformed.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
      const preview = await holder().get('/api/exportVat/getExportDatas', {
        query: { ...period(bare), idCompanies },
      });
      expect([preview.statusCode, preview.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const list = await holder().get('/api/exportVat/exports', { query: { idCompany: foreign } });
    expect(list.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/exportVat/isExportable',
      payload: period(configured.id),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('exportVat/getExportDatas', () => {
  it('previews at most 200 lines, counts them all, and groups sales in mode 1', async () => {
    const detailed = await holder().get('/api/exportVat/getExportDatas', {
      query: { ...period(configured.id), limit: 'true', mode: '2' },
    });
    expect(detailed.statusCode).toBe(200);
    const [body] = detailed.json<AccountingPreviewResponse>();
    expect(body!.success).toBe(true);
    expect(body!.mode).toBe(2);
    expect(body!.datas.length).toBe(Math.min(200, body!.total));
    expect(body!.total).toBeGreaterThan(0);
    expect(body!.datas[0]!.ecritureNum).toBe(1);
    const general = (
      await holder().get('/api/exportVat/getExportDatas', {
        query: { ...period(configured.id), limit: 'false', mode: '1' },
      })
    ).json<AccountingPreviewResponse>()[0]!;
    const all = (
      await holder().get('/api/exportVat/getExportDatas', {
        query: { ...period(configured.id), limit: 'false', mode: '2' },
      })
    ).json<AccountingPreviewResponse>()[0]!;
    expect(all.datas.length).toBe(all.total);
    expect(general.datas.filter((r) => r.account.startsWith('707')).length).toBeLessThanOrEqual(
      all.datas.filter((r) => r.account.startsWith('707')).length,
    );
    expect(general.datas.every((r) => r.ecritureLib !== '' && r.numberCaisse !== '')).toBe(true);
  });

  it('over random periods: each entry balances, the file passes the DGFiP checks, sales per VAT rate are the reports\u2019', async () => {
    const random = seeded(17);
    for (let run = 0; run < 4; run += 1) {
      const a = Math.floor(random() * DAYS.length);
      const b = Math.floor(random() * DAYS.length);
      const [start, end] = [DAYS[Math.min(a, b)]!, DAYS[Math.max(a, b)]!];
      const res = await holder().get('/api/exportVat/getExportDatas', {
        query: { ...period(configured.id, start, end), limit: 'false', mode: '2' },
      });
      const rows = res.json<AccountingPreviewResponse>()[0]!.datas;
      expect(rows.length).toBeGreaterThan(0);
      const byEntry = new Map<number, number>();
      for (const row of rows)
        byEntry.set(row.ecritureNum, (byEntry.get(row.ecritureNum) ?? 0) + row.debit - row.credit);
      expect([...byEntry.values()].every((balance) => balance === 0)).toBe(true);
      const text = fileHeader('fec') + rows.map((row: FecRow) => fileLine('fec', row)).join('');
      expect(checkFec(fecFileName(configured, end), text)).toEqual([]);

      const credited = new Map<string, number>();
      for (const row of rows) {
        if (!row.account.startsWith('7070')) continue;
        const bp = String(Number(row.account.slice(4)));
        credited.set(bp, (credited.get(bp) ?? 0) + row.credit - row.debit);
      }
      const report = await holder().get('/api/reports/sales-analysis', {
        headers: { 'x-id-company': configured.id, 'x-date-begin': start, 'x-date-end': end },
      });
      expect(report.statusCode).toBe(200);
      const expected = new Map(
        report
          .json<SalesAnalysis>()
          .breakdowns.vatRate.filter((r) => r.turnoverEvat !== 0)
          .map((r) => [r.key, r.turnoverEvat]),
      );
      expect(credited).toEqual(expected);
    }
  });
});

describe('the avoirs issued', () => {
  it('are credited including VAT to the avoirs account, against the rebate excluding VAT and the VAT taken back', async () => {
    const credits = await db()
      .selectFrom('credits')
      .select(['amount', 'order_id'])
      .where('company_id', '=', configured.id)
      .where('business_day', '>=', DAYS[0]!)
      .where('business_day', '<=', END_DAY)
      .execute();
    expect(credits.length).toBeGreaterThan(0);
    const issued = credits.reduce((sum, c) => sum + c.amount, 0);
    const res = await holder().get('/api/exportVat/getExportDatas', {
      query: { ...period(configured.id), limit: 'false', mode: '2' },
    });
    const rows = res.json<AccountingPreviewResponse>()[0]!.datas;
    const avoirLines = rows.filter((r) => /^(Avoirs?|TVA sur avoirs) /.test(r.ecritureLib));
    const credited = avoirLines.reduce((sum, r) => sum + r.credit - r.debit, 0);
    const debited = avoirLines.reduce((sum, r) => sum + r.debit - r.credit, 0);
    expect(credited).toBe(0);
    expect(avoirLines.filter((r) => r.account === '511250').reduce((sum, r) => sum + r.credit, 0)).toBe(
      issued,
    );
    // The rebate excluding VAT goes to 709, the VAT it takes back to the rate's VAT account.
    const rebate = avoirLines.filter((r) => r.account === '709000').reduce((sum, r) => sum + r.debit, 0);
    const vat = avoirLines.filter((r) => r.account.startsWith('44571')).reduce((sum, r) => sum + r.debit, 0);
    expect(rebate + vat).toBe(issued);
    expect(debited).toBe(0);
    expect(vat).toBeGreaterThan(0);
    // Every entry still balances.
    const byEntry = new Map<number, number>();
    for (const r of rows) byEntry.set(r.ecritureNum, (byEntry.get(r.ecritureNum) ?? 0) + r.debit - r.credit);
    expect([...byEntry.values()].every((v) => v === 0)).toBe(true);
  });
});

describe('the cash journal', () => {
  it('moves the cash account by what was counted less the floats, day after day, and books deposits, expenses and variances', async () => {
    const res = await holder().get('/api/exportVat/getExportDatas', {
      query: { ...period(configured.id), limit: 'false', mode: '2' },
    });
    const rows = res.json<AccountingPreviewResponse>()[0]!.datas;
    const services = await db()
      .selectFrom('services')
      .select((eb) => [
        sql<string>`business_day::text`.as('day'),
        eb.fn.sum<string>(sql`counted_cash - cash_float`).as('kept'),
        eb.fn.sum<string>(sql`counted_cash - expected_cash`).as('variance'),
      ])
      .where('company_id', '=', configured.id)
      .where('business_day', '>=', DAYS[0]!)
      .where('business_day', '<=', END_DAY)
      .groupBy('business_day')
      .execute();
    expect(services.length).toBe(DAYS.length);
    for (const service of services) {
      const date = service.day.replaceAll('-', '');
      const cash = rows
        .filter((r) => r.date === date && r.account === '530000')
        .reduce((sum, r) => sum + r.debit - r.credit, 0);
      expect(cash, service.day).toBe(Number(service.kept));
    }
    const lines = (label: string) => rows.filter((r) => r.ecritureLib.startsWith(label));
    expect(lines('Remises en banque').some((r) => r.account === '580000' && r.debit > 0)).toBe(true);
    expect(lines('Dépenses de caisse').every((r) => ['606000', '530000'].includes(r.account))).toBe(true);
    const variance = services.reduce((sum, s) => sum + Number(s.variance), 0);
    const shortage = lines('Manquant de caisse').filter((r) => r.account === '658000');
    const overage = lines('Excédent de caisse').filter((r) => r.account === '758000');
    expect(
      overage.reduce((sum, r) => sum + r.credit, 0) - shortage.reduce((sum, r) => sum + r.debit, 0),
    ).toBe(variance);
    expect(shortage.length + overage.length).toBeGreaterThan(0);

    // The floats stay in the drawers: with a cash-float pair set, only their changes are booked —
    // here the registers' first services, then nothing while the floats stay the same.
    const floats = await db()
      .selectFrom('services')
      .select(['register_id', 'business_day', 'cash_float', 'opening_date'])
      .where('company_id', '=', configured.id)
      .orderBy('opening_date')
      .execute();
    const firstFloats = new Map<string, { day: string; float: number }>();
    for (const s of floats) {
      if (!firstFloats.has(s.register_id))
        firstFloats.set(s.register_id, { day: String(s.business_day), float: s.cash_float });
    }
    const keys = (debit: string, credit: string) =>
      holder().post('/api/exportVat/updateVatKeys', {
        idCompany: configured.id,
        vatKeys: { account_vat_cashfloat_debit: debit, account_vat_cashfloat_credit: credit },
      });
    expect((await keys('531000', '580000')).statusCode).toBe(200);
    const withPair = (
      await holder().get('/api/exportVat/getExportDatas', {
        query: { ...period(configured.id), limit: 'false', mode: '2' },
      })
    ).json<AccountingPreviewResponse>()[0]!.datas;
    expect((await keys('', '')).statusCode).toBe(200);
    const floatLines = withPair.filter((r) => r.account === '531000');
    const expected = new Map<string, number>();
    for (const { day, float } of firstFloats.values()) {
      if (DAYS.includes(day))
        expected.set(day.replaceAll('-', ''), (expected.get(day.replaceAll('-', '')) ?? 0) + float);
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(new Map(floatLines.map((r) => [r.date, r.debit]))).toEqual(expected);
  });
});

describe('exportVat/export', () => {
  const fecBody = () => ({ ...period(configured.id, DAYS[0], DAYS[1]), format: 'fec', email: EMAIL });

  it('refuses a bad e-mail, a bad date, a not exportable period', async () => {
    const email = await holder().post('/api/exportVat/export', { ...fecBody(), email: 'nope' });
    expect([email.statusCode, email.json().error.code]).toEqual([400, 'INVALID_EMAIL']);
    const date = await holder().post('/api/exportVat/export', {
      ...fecBody(),
      opening_date: '2026-13-01 00:00:00',
    });
    expect([date.statusCode, date.json().error.code]).toEqual([400, 'INVALID_DATE']);
    const blocked = await holder().post('/api/exportVat/export', {
      ...period(bare),
      format: 'fec',
      email: EMAIL,
    });
    expect([blocked.statusCode, blocked.json().error.code]).toEqual([409, 'ACCOUNTING_NOT_EXPORTABLE']);
    const empty = await holder().post('/api/exportVat/export', {
      ...period(configured.id, '2025-01-01', '2025-01-02'),
      format: 'fec',
      email: EMAIL,
    });
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'ACCOUNTING_NOTHING_TO_EXPORT']);
    const two = await holder().post('/api/exportVat/export', {
      ...fecBody(),
      idCompanies: JSON.stringify([configured.id, bare]),
    });
    expect([two.statusCode, two.json().error.code]).toEqual([400, 'ACCOUNTING_ONE_COMPANY']);
  });

  it('refuses to write an account number saved before the digits rule, naming each one', async () => {
    const account = await db()
      .selectFrom('accounting_accounts')
      .select(['id', 'account_number', 'label'])
      .where('company_id', '=', configured.id)
      .where('type', '=', 'payment')
      .orderBy('account_number')
      .executeTakeFirstOrThrow();
    const tips = await db()
      .selectFrom('accounting_vat_keys')
      .select('value')
      .where('company_id', '=', configured.id)
      .where('key', '=', 'account_vat_tips')
      .executeTakeFirst();
    const setTips = async (value: string) => {
      await db()
        .deleteFrom('accounting_vat_keys')
        .where('company_id', '=', configured.id)
        .where('key', '=', 'account_vat_tips')
        .execute();
      if (value !== '') {
        await db()
          .insertInto('accounting_vat_keys')
          .values({ account_id: accountId, company_id: configured.id, key: 'account_vat_tips', value })
          .execute();
      }
    };
    const exportsBefore = (await records()).length;
    await db()
      .updateTable('accounting_accounts')
      .set({ account_number: '=1+1 😀 ../x' })
      .where('id', '=', account.id)
      .execute();
    await setTips('4 67');
    try {
      const res = await holder().post('/api/exportVat/export', fecBody());
      expect(res.statusCode).toBe(409);
      const { error } = res.json<{ error: { code: string; message: string; details: unknown } }>();
      expect(error.code).toBe('ACCOUNTING_ACCOUNT_NUMBER_INVALID');
      expect(error.message).toContain(`« =1+1 😀 ../x » (${account.label})`);
      expect(error.message).toContain('« 4 67 » (account_vat_tips)');
      expect(error.details).toEqual({
        accounts: [
          { name: account.label, number: '=1+1 😀 ../x' },
          { name: 'account_vat_tips', number: '4 67' },
        ],
      });
      expect(await records()).toHaveLength(exportsBefore);
    } finally {
      await db()
        .updateTable('accounting_accounts')
        .set({ account_number: account.account_number })
        .where('id', '=', account.id)
        .execute();
      await setTips(tips?.value ?? '');
    }
  });

  it('writes the FEC, records it, mails the link; a re-export says so, writes nothing for unchanged days, then corrects a day that changed', async () => {
    const first = await holder().post('/api/exportVat/export', fecBody());
    expect(first.statusCode).toBe(202);
    const row = await exportDone(first.json().exportId);
    expect(row.status).toBe('done');

    const [record] = await records();
    expect(record).toMatchObject({
      id: row.id,
      format: 'fec',
      mode: 2,
      status: 'done',
      periodStart: DAYS[0],
      periodEnd: DAYS[1],
    });
    expect(record!.firstEcritureNum).toBe(1);

    const mail = await lastMail();
    const link = /(\/api\/exportVat\/files\/[^\s]+\/file\?[^\s]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const download = await t.app.inject({ method: 'GET', url: link! });
    expect(download.statusCode).toBe(200);
    const text = download.body;
    expect(crypto.createHash('sha256').update(download.rawPayload).digest('hex')).toBe(record!.sha256);
    expect(checkFec(record!.fileName!, text)).toEqual([]);
    expect(text.split('\r\n')[0]).toBe(FEC_HEADER.join('|'));
    const lastNum = Math.max(
      ...text
        .split('\r\n')
        .slice(1, -1)
        .map((l) => Number(l.split('|')[2])),
    );
    expect(record!.lastEcritureNum).toBe(lastNum);
    // The legal name, the export's number and the entries it holds.
    expect(record!.fileName).toBe(
      fecFileName(configured, DAYS[1]!).replace('.txt', `-export1-ecritures1a${lastNum}.txt`),
    );
    expect(mail.text).toContain(`Fichier : ${record!.fileName}`);
    expect(record!.lines).toBe(text.split('\r\n').length - 2);

    const again = await holder().get(record!.downloadUrl!);
    expect(again.body).toBe(text);
    const description = await holder().get(record!.descriptionUrl!);
    expect(description.statusCode).toBe(200);
    expect(description.body).toContain('UTF-8');
    // It lists the accounts the file uses, each with the label the file gives it.
    const used = new Map(
      text
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split('|'))
        .map((f) => [f[4]!, f[5]!]),
    );
    for (const [account, label] of used) expect(description.body).toContain(`- ${account} : ${label}`);
    const forged = await t.app.inject({
      method: 'GET',
      url: link!.replace(/signature=[0-9a-f]{4}/, 'signature=0000'),
    });
    expect(forged.statusCode).toBe(403);

    const jet = await db()
      .selectFrom('jet_events')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('code', '=', '40')
      .execute();
    expect(jet.some((e) => JSON.stringify(e.details).includes(row.id))).toBe(true);

    const refused = await holder().post('/api/exportVat/export', fecBody());
    expect([refused.statusCode, refused.json().error.code]).toEqual([
      409,
      'ACCOUNTING_PERIOD_ALREADY_EXPORTED',
    ]);
    // Nothing changed since: the confirmed re-export writes no entry and numbers nothing.
    const confirmed = await holder().post('/api/exportVat/export', { ...fecBody(), confirmReexport: true });
    expect(confirmed.statusCode).toBe(202);
    expect((await exportDone(confirmed.json().exportId)).status).toBe('done');
    const [unchanged] = await records();
    // Nothing new: no file to download, and the mail says so without a link.
    expect(unchanged).toMatchObject({
      status: 'done',
      lines: 0,
      firstEcritureNum: null,
      lastEcritureNum: null,
      downloadUrl: null,
      descriptionUrl: null,
    });
    const nothing = await lastMail();
    expect(nothing.subject).toContain('aucune écriture nouvelle');
    expect(nothing.text).toContain("aucun fichier n'a été écrit");
    expect(nothing.text).not.toContain('/api/exportVat/files/');
    expect(await counter()).toBe(lastNum + 1);

    // A register sends a late sale of the first day: the next export corrects that day, and only it.
    const before = await dayTotals(DAYS[0]!);
    await sendLateOrder(t, token, configured.id, DAYS[0]!, 2310);
    const after = await dayTotals(DAYS[0]!);
    const moved = [...after]
      .map(([account, amount]) => [account, amount - (before.get(account) ?? 0)] as const)
      .filter(([, amount]) => amount !== 0);
    expect(moved.map(([, amount]) => amount).sort((x, y) => x - y)).toEqual([-2100, -210, 2310]);
    const corrected = await holder().post('/api/exportVat/export', { ...fecBody(), confirmReexport: true });
    expect(corrected.statusCode).toBe(202);
    expect((await exportDone(corrected.json().exportId)).status).toBe('done');
    const [second] = await records();
    expect([second!.firstEcritureNum, second!.lastEcritureNum]).toEqual([lastNum + 1, lastNum + 1]);
    // A file of corrections says so in its name, after the export's number.
    expect(second!.fileName).toBe(
      fecFileName(configured, DAYS[1]!).replace(
        '.txt',
        `-export3-corrections${lastNum + 1}a${lastNum + 1}.txt`,
      ),
    );
    const correction = (await holder().get(second!.downloadUrl!)).body;
    expect(checkFec(second!.fileName!, correction)).toEqual([]);
    const lines = correction
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split('|'));
    expect(lines.map((l) => [l[3], l[10]!.startsWith('Correction — ')])).toEqual(
      lines.map(() => [DAYS[0]!.replaceAll('-', ''), true]),
    );
    const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    expect(lines.map((l) => [l[4], cents(l[11]!) - cents(l[12]!)])).toEqual(moved);
    expect(await counter()).toBe(lastNum + 2);
  });

  it('writes the CSV with quoted values under its name', async () => {
    const res = await holder().post('/api/exportVat/export', {
      ...period(configured.id, DAYS[2], DAYS[3]),
      format: 'csv',
      email: EMAIL,
      mode: 1,
    });
    expect(res.statusCode).toBe(202);
    expect((await exportDone(res.json().exportId)).status).toBe('done');
    const [record] = await records();
    expect(record).toMatchObject({
      format: 'csv',
      mode: 1,
      descriptionUrl: null,
    });
    expect(record!.fileName).toBe(accountingCsvFileName(DAYS[2]!, DAYS[3]!).replace('.csv', '-export4.csv'));
    const file = await holder().get(record!.downloadUrl!);
    expect(file.body.split('\r\n')[0]).toBe(FEC_HEADER.map((h) => `"${h}"`).join(','));
    expect(file.body.split('\r\n')[1]).toMatch(/^"VT","Ventes","\d+","20260313",/);
  });

  it('a CSV neither numbers nor marks days: the FEC of its days after it is complete, and a CSV after that FEC carries its entries and numbers', async () => {
    const days = { ...period(configured.id, DAYS[2], DAYS[3]), email: EMAIL, mode: 2 };
    const before = await counter();
    const csv = await exportedText({ ...days, format: 'csv', confirmReexport: true });
    expect(csv.record).toMatchObject({ format: 'csv', status: 'done' });
    expect(csv.entries.length).toBeGreaterThan(0);
    expect(await counter()).toBe(before);
    const mail = await lastMail();
    expect(mail.text).toContain('Il ne consomme aucun numéro et ne marque aucune journée comme exportée.');

    const fec = await exportedText({ ...days, format: 'fec' });
    expect(checkFec(fec.record.fileName!, fec.text)).toEqual([]);
    expect(fec.record.firstEcritureNum).toBe(before);
    expect(fec.entries).toEqual(csv.entries);
    expect(await counter()).toBe(fec.record.lastEcritureNum! + 1);

    const mirror = await exportedText({ ...days, format: 'csv', confirmReexport: true });
    expect(mirror.entries).toEqual(fec.entries);
    // The preview shows the entries of the FEC that covers those days, with its numbers, and says so.
    const preview = (
      await holder().get('/api/exportVat/getExportDatas', {
        query: { ...period(configured.id, DAYS[2], DAYS[3]), limit: 'false', mode: '2' },
      })
    ).json<AccountingPreviewResponse>()[0]!;
    expect(preview.exportedDays).toEqual([DAYS[2], DAYS[3]]);
    expect(
      preview.datas.map((r) => [
        String(r.ecritureNum),
        r.journal,
        r.date,
        r.account,
        r.accountAux,
        r.numberCaisse,
        r.ecritureLib,
        fecAmount(r.debit),
        fecAmount(r.credit),
      ]),
    ).toEqual(fec.entries);
    // The French layout: the same entries, semicolons, and the mark that opens it in columns.
    const french = await exportedText({ ...days, format: 'csv_fr', confirmReexport: true });
    expect(french.text.startsWith('\uFEFF"JournalCode";"JournalLib";"EcritureNum"')).toBe(true);
    expect(french.entries).toEqual(fec.entries);
    expect(await counter()).toBe(fec.record.lastEcritureNum! + 1);

    // Saved in one folder, no file replaces another.
    const names = (await records()).flatMap((r) => (r.fileName && r.downloadUrl ? [r.fileName] : []));
    expect(names.length).toBeGreaterThan(4);
    expect(new Set(names).size).toBe(names.length);
  });
  it('takes a period with hours as the whole business days that hold them, and says so', async () => {
    const res = await holder().post('/api/exportVat/export', {
      opening_date: `${DAYS[0]} 18:30:00`,
      closing_date: `${DAYS[1]} 10:00:00`,
      idCompanies: JSON.stringify([configured.id]),
      format: 'csv',
      email: EMAIL,
      confirmReexport: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await exportDone(res.json().exportId)).status).toBe('done');
    const record = (await records()).find((r) => r.id === res.json().exportId)!;
    expect([record.periodStart, record.periodEnd]).toEqual([DAYS[0], DAYS[1]]);
    const mail = await lastMail();
    const [y0, m0, d0] = DAYS[0]!.split('-');
    const [y1, m1, d1] = DAYS[1]!.split('-');
    expect(mail.subject).toContain(`du ${d0}/${m0}/${y0} au ${d1}/${m1}/${y1}`);
    expect(mail.text).not.toMatch(/18:30|10:00/);
    expect(mail.text).toContain('journées commerciales entières');
  });
});

describe('exports over random periods, CSV and FEC in any order', () => {
  it('give the same entries, book each day once, write nothing the second time, and never reuse a name', async () => {
    await configureTestAccounting(db(), { accountId, companyId: third });
    const random = seeded(30);
    const fileOf = async (record: AccountingExportRecord) => (await holder().get(record.downloadUrl!)).body;
    const lines = (text: string, format: 'fec' | 'csv') =>
      text
        .split('\r\n')
        .slice(1, -1)
        .map((line) => {
          const c = format === 'fec' ? line.split('|') : line.slice(1, -1).split('","');
          return [c[2], c[3], c[4], c[6], c[8], c[10], c[11], c[12]].join('|');
        });
    for (let round = 0; round < 4; round += 1) {
      const a = Math.floor(random() * DAYS.length);
      const b = a + Math.floor(random() * (DAYS.length - a));
      const days = { ...period(third, DAYS[a], DAYS[b]), email: EMAIL, mode: 2, confirmReexport: true };
      const order: ('fec' | 'csv')[] = random() < 0.5 ? ['csv', 'fec'] : ['fec', 'csv'];
      const written: Partial<Record<'fec' | 'csv', AccountingExportRecord>> = {};
      for (const format of order) {
        const res = await holder().post('/api/exportVat/export', { ...days, format });
        expect(res.statusCode, res.body).toBe(202);
        expect((await exportDone(res.json().exportId)).status).toBe('done');
        written[format] = (await records(third)).find((r) => r.id === res.json().exportId)!;
      }
      // The CSV holds the period's entries as the FEC exports booked them, whatever came first: the
      // CSV day by day, the exercise's FEC in the order they were booked (their numbers).
      const byNumber = (list: string[]) =>
        [...list].sort((x, y) => Number(x.split('|')[0]) - Number(y.split('|')[0]));
      const exercise = await holder().get('/api/exportVat/exerciseFec', {
        query: { idCompany: third, end: '2026-12-31' },
      });
      const inPeriod = new Set(DAYS.slice(a, b + 1).map((d) => d.replaceAll('-', '')));
      const booked = lines(exercise.body, 'fec').filter((line) => inPeriod.has(line.split('|')[1]!));
      expect(
        byNumber(lines(await fileOf(written.csv!), 'csv')),
        `round ${round}: ${order.join(' then ')}`,
      ).toEqual(booked);
      expect(checkFec(`${configured.siren ?? '000000000'}FEC20261231.txt`, exercise.body)).toEqual([]);
      // Every entry of the exercise's FEC balances.
      const byEntry = new Map<string, number>();
      for (const line of lines(exercise.body, 'fec')) {
        const [num, , , , , , debit, credit] = line.split('|');
        const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
        byEntry.set(num!, (byEntry.get(num!) ?? 0) + cents(debit!) - cents(credit!));
      }
      expect([...byEntry.values()].every((v) => v === 0)).toBe(true);
      // Mode 2: the CSV's 19th column and the FEC's companion file hold each line's analytic section.
      const csvText = await fileOf(written.csv!);
      expect(csvText.split('\r\n')[0]!.endsWith(',"Analytique"')).toBe(true);
      expect(csvText.split('\r\n')[1]!.endsWith(',"Défaut"')).toBe(true);
      if (written.fec!.lines) {
        const companion = (await holder().get(written.fec!.analyticsUrl!)).body.replace(/^\uFEFF/, '');
        const sections = companion
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.slice(1, -1).split('";"'));
        const fecLines = (await fileOf(written.fec!))
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.split('|'));
        expect(sections.map((c) => [c[0], c[2], c[6], c[7]])).toEqual(
          fecLines.map((c) => [c[2], c[4], c[11], c[12]]),
        );
        // The configured accounts' lines carry their section; the keys' accounts (411, 467…) none.
        const configuredAccounts = new Set(
          (
            await db()
              .selectFrom('accounting_accounts')
              .select('account_number')
              .where('company_id', '=', third)
              .execute()
          ).map((a) => a.account_number),
        );
        expect(sections.every((c) => c[5] === (configuredAccounts.has(c[2]!) ? 'Défaut' : ''))).toBe(true);
        expect(sections.some((c) => c[5] === 'Défaut')).toBe(true);
      }
      // The same FEC again writes nothing.
      const again = await holder().post('/api/exportVat/export', { ...days, format: 'fec' });
      expect((await exportDone(again.json().exportId)).status).toBe('done');
      const second = (await records(third)).find((r) => r.id === again.json().exportId)!;
      expect([second.lines, second.downloadUrl]).toEqual([0, null]);
    }
    const names = (await records(third)).flatMap((r) => (r.downloadUrl && r.fileName ? [r.fileName] : []));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('days not closed yet', () => {
  it('are neither previewed nor exported; the next FEC takes them once closed, numbered on', async () => {
    // The second establishment, configured now: a ledger of its own.
    await configureTestAccounting(db(), { accountId, companyId: bare });
    const [register] = await db()
      .selectFrom('registers as r')
      .select(['r.id', 'r.closed_through'])
      .where('r.company_id', '=', bare)
      .where('r.is_active', '=', true)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('pos_records as p')
            .select('p.record_id')
            .whereRef('p.register_id', '=', 'r.id')
            .where('p.business_day', '=', DAYS[2]!),
        ),
      )
      .execute();
    expect(register?.closed_through).toBe(END_DAY);
    const closeThrough = (day: string) =>
      db().updateTable('registers').set({ closed_through: day }).where('id', '=', register!.id).execute();
    await closeThrough(DAYS[1]!);

    const preview = (
      await holder().get('/api/exportVat/getExportDatas', {
        query: { ...period(bare), limit: 'false', mode: '2' },
      })
    ).json<AccountingPreviewResponse>()[0]!;
    expect(preview.openFrom).toBe(DAYS[2]);
    expect(new Set(preview.datas.map((r) => r.date))).toEqual(new Set(['20260311', '20260312']));

    const body = { email: EMAIL, mode: 2, format: 'fec' };
    const first = await exportedText({ ...period(bare, DAYS[0], DAYS[2]), ...body });
    expect(first.record).toMatchObject({
      periodStart: DAYS[0],
      periodEnd: DAYS[1],
      openFrom: DAYS[2],
      askedEnd: DAYS[2],
      resumedFrom: null,
    });
    expect(new Set(first.entries.map((e) => e[2]))).toEqual(new Set(['20260311', '20260312']));
    expect(first.record.fileName).toContain('FEC20260312-export1-');
    expect((await lastMail()).text).toContain(
      'Les journées du 13/03/2026 au 13/03/2026 ne sont pas encore clôturées (ticket Z) : elles ne figurent pas dans ce fichier et seront reprises au prochain export.',
    );

    const stillOpen = await holder().post('/api/exportVat/export', {
      ...period(bare, DAYS[3], DAYS[3]),
      ...body,
    });
    expect(stillOpen.statusCode).toBe(409);
    expect(stillOpen.json().error.code).toBe('ACCOUNTING_DAYS_OPEN');

    await closeThrough(END_DAY);
    const next = await exportedText({ ...period(bare, DAYS[3], DAYS[3]), ...body });
    expect(next.record).toMatchObject({
      periodStart: DAYS[2],
      periodEnd: DAYS[3],
      resumedFrom: DAYS[2],
      openFrom: null,
    });
    expect(new Set(next.entries.map((e) => e[2]))).toEqual(new Set(['20260313', '20260314']));
    expect(next.record.firstEcritureNum).toBe(first.record.lastEcritureNum! + 1);
    expect((await lastMail()).text).toContain('Cet export commence au 13/03/2026');
    expect(checkFec(next.record.fileName!, next.text)).toEqual([]);

    // A day the server closed is closed, whatever its registers say.
    await closeThrough(DAYS[1]!);
    await db()
      .updateTable('companies')
      .set({ fiscal_closed_through: END_DAY })
      .where('id', '=', bare)
      .execute();
    const closed = (
      await holder().get('/api/exportVat/getExportDatas', { query: { ...period(bare), mode: '2' } })
    ).json<AccountingPreviewResponse>()[0]!;
    expect(closed.openFrom).toBeNull();
    await closeThrough(END_DAY);
    await db().updateTable('companies').set({ fiscal_closed_through: null }).where('id', '=', bare).execute();
  });
});

describe('migration 027', () => {
  it('forgets the days CSV exports recorded and gives the FEC exports\u2019 days their first numbers back', async () => {
    const booked = async () =>
      db()
        .selectFrom('accounting_exported_days')
        .select(['export_id', 'business_day', 'first_num'])
        .orderBy('export_id')
        .orderBy('business_day')
        .execute();
    const now = await booked();
    expect(now.length).toBeGreaterThan(2);
    expect(now.every((row) => row.first_num !== null)).toBe(true);
    // As an older CSV export left its days, and as days were recorded before the migration.
    const csv = (await records()).find((r) => r.format === 'csv')!;
    await db()
      .insertInto('accounting_exported_days')
      .values({
        export_id: csv.id,
        account_id: accountId,
        company_id: configured.id,
        business_day: DAYS[2]!,
        movements: JSON.stringify([['s', '530000', 'Caisse', '', '', 'Caisse', 100]]),
      })
      .execute();
    await db().updateTable('accounting_exported_days').set({ first_num: null }).execute();
    await renumberBookedDays(db() as never);
    expect(await booked()).toEqual(now);
  });
});

/** Exports, waits for the job and reads the file: its record, its text and its lines as comparable cells. */
async function exportedText(body: Record<string, unknown>) {
  const res = await holder().post('/api/exportVat/export', body);
  expect(res.statusCode, res.body).toBe(202);
  expect((await exportDone(res.json().exportId)).status).toBe('done');
  const companyId = (JSON.parse(String(body.idCompanies)) as string[])[0];
  const record = (await records(companyId)).find((r) => r.id === res.json().exportId)!;
  const text = (await holder().get(record.downloadUrl!)).body;
  const lines = text.split('\r\n').slice(1, -1);
  const cells = (line: string) =>
    record.format === 'fec'
      ? line.split('|')
      : line.slice(1, -1).split(record.format === 'csv_fr' ? '";"' : '","');
  // Number, journal, date, account, auxiliary account, piece, label, debit, credit.
  const entries = lines.map((line) => {
    const c = cells(line);
    return [c[2], c[0], c[3], c[4], c[6], c[8], c[10], c[11], c[12]];
  });
  return { record, text, entries };
}
