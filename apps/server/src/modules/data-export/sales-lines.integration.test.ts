import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fecAmount,
  SALES_LINES_HEADERS,
  SALES_LINES_PREVIEW_LIMIT,
  type SalesLine,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp, waitFor } from '../../test-helpers';
import { SALES_LINES_SHEET } from './sales-lines.file';

const DAY = { opening_date: '2026-03-14 00:00:00', closing_date: '2026-03-14 23:59:59' };

let t: TestApp;
let dataDir: string;
let demoToken: string;
let companies: { id: string; name: string }[];
let otherCompanyId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-sales-lines-'));
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir });
  demoToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  companies = await db()
    .selectFrom('users')
    .innerJoin('companies', 'companies.account_id', 'users.account_id')
    .select(['companies.id', 'companies.company_name as name'])
    .where('users.email', '=', 'demo@comptoir.test')
    .orderBy('companies.company_name')
    .execute();
  const other = await db()
    .selectFrom('users')
    .innerJoin('companies', 'companies.account_id', 'users.account_id')
    .select('companies.id')
    .where('users.email', '=', 'standard@comptoir.test')
    .executeTakeFirstOrThrow();
  otherCompanyId = other.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.database.db;

const holder = () => t.as(demoToken);

/** The order lines as the database holds them: business days of the period, not removed. */
async function expectedLines(companyIds: string[], activities: number[], startDay: string, endDay: string) {
  const { rows } = await sql<{
    company_name: string;
    id: string;
    closing_date: Date;
    product_type: string | null;
    product_id: string;
    product_name: string;
    amount_evat: number;
    amount_tax: number;
    price: number;
    parent_id: string | null;
    room_id: string | null;
    room_name: string | null;
  }>`
    select c.company_name, l.id, o.closing_date, p.product_type, l.product_id, l.product_name,
           l.amount_evat, l.amount_tax, l.price, l.parent_id, o.room_id, o.room_name
      from order_lines l
      join orders o on o.id = l.order_id
      join companies c on c.id = l.company_id
      left join products p on p.id = l.product_id
     where l.company_id = any(${companyIds}::uuid[])
       and o.activity_type = any(${activities}::int[])
       and l.business_day between ${startDay} and ${endDay}
       and not l.removed
     order by o.closing_date, l.id
  `.execute(db());
  return rows.map((r): SalesLine => ({
    companyName: r.company_name,
    lineId: r.id,
    soldAt: new Date(r.closing_date).toISOString(),
    productType: r.product_type ?? '',
    productId: r.product_id,
    productName: r.product_name,
    amountEvat: Number(r.amount_evat),
    amountTax: Number(r.amount_tax),
    amountIvat: Number(r.price),
    parentId: r.parent_id,
    roomId: r.room_id,
    roomName: r.room_name,
  }));
}

const byId = (a: SalesLine, b: SalesLine) => a.lineId.localeCompare(b.lineId);

describe('POST /api/dataExport/getOrderLines', () => {
  it('answers 401 without a token', async () => {
    const res = await t.as(null).post('/api/dataExport/getOrderLines', {
      ...DAY,
      idCompanies: '[]',
      orderTypeAway: '[1]',
      limit: true,
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers every order line of the period's business days, as the database holds them, with limit false", async () => {
    const ids = companies.map((c) => c.id);
    const res = await holder().post('/api/dataExport/getOrderLines', {
      ...DAY,
      idCompanies: JSON.stringify(ids),
      orderTypeAway: '[1,2,3]',
      limit: false,
    });
    expect(res.statusCode).toBe(200);
    const [answer] = res.json();
    const expected = await expectedLines(ids, [1, 2, 3], '2026-03-14', '2026-03-14');
    expect(expected.length).toBeGreaterThan(SALES_LINES_PREVIEW_LIMIT);
    expect(answer.success).toBe(true);
    expect(answer.total).toBe(expected.length);
    expect([...answer.data].sort(byId)).toEqual([...expected].sort(byId));
    // In sale order, cancellations (negative) kept, amounts adding up per line.
    const times = answer.data.map((line: SalesLine) => line.soldAt);
    expect(times).toEqual([...times].sort());
    for (const line of answer.data as SalesLine[]) {
      expect(line.amountEvat + line.amountTax).toBe(line.amountIvat);
    }
  });

  it('previews the first 100 lines in sale order with the total count', async () => {
    const ids = companies.map((c) => c.id);
    const res = await holder().post('/api/dataExport/getOrderLines', {
      ...DAY,
      idCompanies: JSON.stringify(ids),
      orderTypeAway: '[1,2,3]',
      limit: true,
    });
    expect(res.statusCode).toBe(200);
    const [answer] = res.json();
    const expected = await expectedLines(ids, [1, 2, 3], '2026-03-14', '2026-03-14');
    expect(answer.total).toBe(expected.length);
    expect(answer.data).toHaveLength(SALES_LINES_PREVIEW_LIMIT);
    expect(answer.data).toEqual(expected.slice(0, SALES_LINES_PREVIEW_LIMIT));
  });

  it('keeps only the chosen establishment and activity types', async () => {
    const company = companies[0]!;
    const res = await holder().post('/api/dataExport/getOrderLines', {
      ...DAY,
      idCompanies: [company.id],
      orderTypeAway: '[2,3]',
      limit: false,
    });
    expect(res.statusCode).toBe(200);
    const [answer] = res.json();
    const expected = await expectedLines([company.id], [2, 3], '2026-03-14', '2026-03-14');
    const all = await expectedLines([company.id], [1, 2, 3], '2026-03-14', '2026-03-14');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(answer.total).toBe(expected.length);
    expect(answer.data).toEqual(expected);
    expect(new Set(answer.data.map((line: SalesLine) => line.companyName))).toEqual(new Set([company.name]));
  });

  it("refuses another account's establishment with 404 COMPANY_NOT_FOUND", async () => {
    const res = await holder().post('/api/dataExport/getOrderLines', {
      ...DAY,
      idCompanies: JSON.stringify([otherCompanyId]),
      orderTypeAway: '[1]',
      limit: true,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('COMPANY_NOT_FOUND');
  });

  it('answers a malformed establishment id 400 VALIDATION_ERROR, as the accounting export does', async () => {
    for (const idCompanies of [JSON.stringify(['not-an-id']), ['12345']]) {
      const res = await holder().post('/api/dataExport/getOrderLines', {
        ...DAY,
        idCompanies,
        orderTypeAway: '[1]',
        limit: true,
      });
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it("never answers another account's lines: all readable establishments when the list is empty", async () => {
    const res = await holder().post('/api/dataExport/getOrderLines', {
      ...DAY,
      idCompanies: '[]',
      orderTypeAway: '[1,2,3]',
      limit: false,
    });
    const names = new Set(res.json()[0].data.map((line: SalesLine) => line.companyName));
    expect([...names].sort()).toEqual(companies.map((c) => c.name).sort());
  });

  it.each([
    [{ idCompanies: 'not json' }, 'INVALID_COMPANY_LIST'],
    [{ idCompanies: '{"a":1}' }, 'INVALID_COMPANY_LIST'],
    [{ orderTypeAway: '[4]' }, 'INVALID_ACTIVITY_TYPES'],
    [{ orderTypeAway: '1' }, 'INVALID_ACTIVITY_TYPES'],
    [{ opening_date: '14/03/2026' }, 'INVALID_DATE'],
    [{ opening_date: '2026-03-15 00:00:00' }, 'REVERSED_DATES'],
    [{ opening_date: '2025-03-13 00:00:00' }, 'PERIOD_TOO_LONG'],
  ])('refuses %j with 400 %s', async (change, code) => {
    const res = await holder().post('/api/dataExport/getOrderLines', {
      ...DAY,
      idCompanies: '[]',
      orderTypeAway: '[1]',
      limit: true,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });
});

describe('POST /api/dataExport/exportData', () => {
  function exportDone(exportId: string) {
    return waitFor(async () => {
      const row = await db().selectFrom('exports').selectAll().where('id', '=', exportId).executeTakeFirst();
      return row && ['done', 'empty', 'failed'].includes(row.status) && row;
    });
  }

  async function download(mailText: string) {
    const link = /https?:\/\/\S+\/api\/dataExport\/files\/\S+/.exec(mailText)![0];
    const url = new URL(link);
    return t.as(null).get(url.pathname + url.search);
  }

  it('refuses an invalid e-mail with 400 INVALID_EMAIL and records nothing', async () => {
    const before = await db().selectFrom('exports').select('id').execute();
    const res = await holder().post('/api/dataExport/exportData', {
      ...DAY,
      idCompanies: '[]',
      orderTypeAway: '[1]',
      email: 'compta@',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_EMAIL');
    expect(await db().selectFrom('exports').select('id').execute()).toHaveLength(before.length);
  });

  it('mails a signed link to an XLSX holding the 12 columns and every line, and notifies', async () => {
    const email = 'lignes@groupe-dupont.fr';
    const ids = companies.map((c) => c.id);
    const res = await holder().post('/api/dataExport/exportData', {
      opening_date: '2026-03-13 00:00:00',
      closing_date: '2026-03-14 23:59:59',
      idCompanies: JSON.stringify(ids),
      orderTypeAway: '[1,2,3]',
      email,
    });
    expect(res.statusCode).toBe(202);
    const [accepted] = res.json();
    expect(accepted).toMatchObject({ success: true, message: 'exportProcessing' });

    const exported = await exportDone(accepted.exportId);
    const expected = await expectedLines(ids, [1, 2, 3], '2026-03-13', '2026-03-14');
    expect(exported).toMatchObject({ kind: 'sales_lines', status: 'done', row_count: expected.length });

    const progress = await holder().get(`/api/dataExport/exports/${accepted.exportId}`);
    expect(progress.json()).toEqual({
      exportId: accepted.exportId,
      status: 'done',
      progress: 100,
      rowCount: expected.length,
      // No SMTP server in the tests: the mail waits in the outbox.
      mail: { status: 'waiting', nextAttemptAt: null },
    });

    const [mail] = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
    expect(mail!.subject).toBe('Export des lignes de ventes du 13/03/2026 au 14/03/2026');
    expect(mail!.attachments).toEqual([]);
    const file = await download(mail!.text!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="lignes-ventes_2026-03-13_2026-03-14.xlsx"',
    );
    expect(file.headers['cache-control']).toBe('no-store');
    const workbook = await new ExcelJS.Workbook().xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet(SALES_LINES_SHEET)!;
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    expect(rows[0]).toEqual([...SALES_LINES_HEADERS]);
    expect(rows).toHaveLength(expected.length + 1);
    const read = rows.slice(1).map((r) => [r[1], Math.round(Number(r[8]) * 100)].join('|'));
    expect(read.sort()).toEqual(expected.map((line) => [line.lineId, line.amountIvat].join('|')).sort());

    const notices = await db()
      .selectFrom('notifications')
      .select('text')
      .where('text', 'like', 'Export des lignes de ventes du 13/03/2026 au 14/03/2026%')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(email);
  });

  it('writes a CSV (comma, quoted values) with the same lines, and refuses a forged link', async () => {
    const email = 'csv@groupe-dupont.fr';
    const company = companies[1]!;
    const res = await holder().post('/api/dataExport/exportData', {
      ...DAY,
      idCompanies: JSON.stringify([company.id]),
      orderTypeAway: '[1]',
      email,
      format: 'csv',
    });
    expect(res.statusCode).toBe(202);
    const exported = await exportDone(res.json()[0].exportId);
    const expected = await expectedLines([company.id], [1], '2026-03-14', '2026-03-14');
    expect(exported).toMatchObject({ status: 'done', row_count: expected.length });
    const [mail] = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
    const file = await download(mail!.text!);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(SALES_LINES_HEADERS.map((h) => `"${h}"`).join(','));
    expect(lines.slice(1, -1).map((line) => line.split('","')[1])).toEqual(expected.map((l) => l.lineId));
    expect(lines[1]!.split('","')[8]).toBe(fecAmount(expected[0]!.amountIvat));

    const link = /https?:\/\/\S+/.exec(
      mail!.text!.slice(mail!.text!.indexOf('/api/dataExport/files/') - 40),
    )![0];
    const forged = new URL(
      link.replace(/signature=[0-9a-f]/, (m) =>
        m.endsWith('0') ? `${m.slice(0, -1)}1` : `${m.slice(0, -1)}0`,
      ),
    );
    const refused = await t.app.inject({ method: 'GET', url: forged.pathname + forged.search });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('EXPORT_LINK_INVALID');
  });

  it('writes the French spreadsheet CSV (semicolons, BOM, product types in French) as a .csv', async () => {
    const email = 'csv-fr@groupe-dupont.fr';
    const company = companies[1]!;
    const res = await holder().post('/api/dataExport/exportData', {
      ...DAY,
      idCompanies: JSON.stringify([company.id]),
      orderTypeAway: '[1]',
      email,
      format: 'csv_fr',
    });
    expect(res.statusCode, res.body).toBe(202);
    const exported = await exportDone(res.json()[0].exportId);
    const expected = await expectedLines([company.id], [1], '2026-03-14', '2026-03-14');
    expect(exported).toMatchObject({ status: 'done', row_count: expected.length });
    const [mail] = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
    const file = await download(mail!.text!);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="lignes-ventes_2026-03-14_2026-03-14.csv"',
    );
    expect(file.body.startsWith('\uFEFF"ETABLISSEMENT";"ID_LIGNE_VENTE";')).toBe(true);
    const rows = file.body
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split('";"'));
    expect(rows.map((row) => row[1])).toEqual(expected.map((l) => l.lineId));
    expect(rows[0]![8]).toBe(fecAmount(expected[0]!.amountIvat));
    expect(new Set(rows.map((row) => row[3]))).toEqual(
      new Set(
        expected.map((l) => ({ product: 'Produit', formula: 'Formule' })[l.productType] ?? l.productType),
      ),
    );
  });

  it("answers 404 EXPORT_NOT_FOUND for another account's export", async () => {
    const [exported] = await db()
      .selectFrom('exports')
      .select('id')
      .where('kind', '=', 'sales_lines')
      .execute();
    const token = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(token).get(`/api/dataExport/exports/${exported!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('EXPORT_NOT_FOUND');
  });
});
