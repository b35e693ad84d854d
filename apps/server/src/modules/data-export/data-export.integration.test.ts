import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, createTestUser, signInAs, type TestApp, waitFor } from '../../test-helpers';
import { PRODUCT_LINES_COLUMNS, PRODUCT_LINES_SHEET } from './product-lines.workbook';

const URL = '/api/dataExport/exportProductLines';
const PERIOD = { startDate: '2026-03-13 00:00:00', endDate: '2026-03-14 23:59:59' };

let t: TestApp;
let dataDir: string;
let demoToken: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-export-'));
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir });
  demoToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.database.db;

function exportDone(exportId: string) {
  return waitFor(async () => {
    const row = await db().selectFrom('exports').selectAll().where('id', '=', exportId).executeTakeFirst();
    return row && ['done', 'empty', 'failed'].includes(row.status) && row;
  });
}

function outboxOf(exportEmail: string) {
  return db().selectFrom('mail_outbox').selectAll().where('to_address', '=', exportEmail).execute();
}

/** What the sheet should hold: the period's non-removed lines of orders paid in it, in these companies. */
async function expectedLines(companyIds: string[], startDate: string, endDate: string) {
  const { rows } = await sql<{
    company_name: string;
    number: number;
    product_name: string;
    category_name: string;
    quantity: number;
    standard_price: number;
    price: number;
    vat_rate: string;
    payments: string;
  }>`
    select c.company_name, o.number, l.product_name, l.category_name, l.quantity, l.standard_price,
           l.price, l.vat_rate,
           (select string_agg(distinct p.payment_name, ', ' order by p.payment_name)
              from payment_lines p where p.order_id = o.id and not p.removed) as payments
      from order_lines l
      join orders o on o.id = l.order_id
      join companies c on c.id = o.company_id
     where o.company_id = any(${companyIds}::uuid[])
       and not l.removed
       and o.closing_date between (${startDate}::timestamp at time zone 'Europe/Paris')
                              and (${endDate}::timestamp at time zone 'Europe/Paris')
  `.execute(db());
  return rows.map((r) =>
    [
      r.company_name,
      r.number,
      r.product_name,
      r.category_name,
      r.quantity,
      Number(r.standard_price),
      Number(r.price),
      Number(r.vat_rate),
      r.payments ?? '',
    ].join(' | '),
  );
}

async function readSheet(fileKey: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Uint8Array.from(await t.app.files.get(fileKey)).buffer);
  const sheet = workbook.getWorksheet(PRODUCT_LINES_SHEET)!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { header: rows[0]!, rows: rows.slice(1), sheet };
}

const cents = (euros: ExcelJS.CellValue) => Math.round(Number(euros) * 100);

describe('GET /api/dataExport/exportProductLines', () => {
  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const res = await t.as(null).get(URL, { query: { email: 'a@b.fr', ...PERIOD } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a caller without the export_product_lines group with 403 FEATURE_DISABLED', async () => {
    const token = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(token).get(URL, { query: { email: 'standard@comptoir.test', ...PERIOD } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FEATURE_DISABLED');
  });

  it('refuses an invalid e-mail with 400 INVALID_EMAIL', async () => {
    const res = await t.as(demoToken).get(URL, { query: { email: 'gerant@', ...PERIOD } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'INVALID_EMAIL', message: "L'adresse e-mail est invalide." });
  });

  it('refuses an end before the start with 400 REVERSED_DATES', async () => {
    const res = await t.as(demoToken).get(URL, {
      query: {
        email: 'gerant@le-zinc.fr',
        startDate: '2026-03-14 00:00:00',
        endDate: '2026-03-13 23:59:59',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'REVERSED_DATES',
      message: 'La date de début est supérieure à la date de fin',
    });
  });

  it('refuses a period of more than one year with 400 PERIOD_TOO_LONG', async () => {
    const res = await t.as(demoToken).get(URL, {
      query: {
        email: 'gerant@le-zinc.fr',
        startDate: '2025-03-13 00:00:00',
        endDate: '2026-03-14 23:59:59',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'PERIOD_TOO_LONG',
      message: 'La période ne doit pas dépasser un an.',
    });
  });

  it('refuses a date in an unknown format with 400 INVALID_DATE, and records nothing', async () => {
    const before = await db().selectFrom('exports').select('id').execute();
    const res = await t.as(demoToken).get(URL, {
      query: {
        email: 'gerant@le-zinc.fr',
        startDate: '13/03/2026',
        endDate: '14/03/2026',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_DATE');
    expect(await db().selectFrom('exports').select('id').execute()).toHaveLength(before.length);
  });

  it("mails an XLSX of the period's payment product lines, one row per order line, amounts in euros", async () => {
    const email = 'compta@groupe-dupont.fr';
    const res = await t.as(demoToken).get(URL, { query: { email, ...PERIOD } });
    expect(res.statusCode).toBe(202);
    const { exportId, status } = res.json();
    expect(status).toBe('queued');

    const exported = await exportDone(exportId);
    const suite = await db()
      .selectFrom('users')
      .innerJoin('companies', 'companies.account_id', 'users.account_id')
      .select('companies.id')
      .where('users.email', '=', 'demo@comptoir.test')
      .execute();
    const expected = await expectedLines(
      suite.map((c) => c.id),
      PERIOD.startDate,
      PERIOD.endDate,
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(exported).toMatchObject({
      kind: 'payment_product_lines',
      status: 'done',
      email,
      row_count: expected.length,
      error: null,
    });
    expect(exported.period_start.toISOString()).toBe('2026-03-12T23:00:00.000Z');

    const { header, rows, sheet } = await readSheet(exported.file_key!);
    expect(header).toEqual(PRODUCT_LINES_COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(expected.length);
    const read = rows.map((r) =>
      [r[2], r[3], r[5], r[6], r[7], cents(r[8]), cents(r[11]), r[12], r[13]].join(' | '),
    );
    const sortedPayments = (line: string) => {
      const parts = line.split(' | ');
      parts[8] = parts[8]!.split(', ').sort().join(', ');
      return parts.join(' | ');
    };
    expect(read.map(sortedPayments).sort()).toEqual(expected.sort());
    // Dates are spreadsheet dates showing the Paris wall clock, within the period.
    const dates = rows.map((r) => (r[0] as Date).toISOString());
    expect(dates.every((d) => d >= '2026-03-13T00:00:00' && d <= '2026-03-14T23:59:59.999Z')).toBe(true);
    expect(dates).toEqual([...dates].sort());
    expect(sheet.getRow(2).getCell(12).numFmt).toBe('#,##0.00');

    const [mail, ...others] = await outboxOf(email);
    expect(others).toHaveLength(0);
    expect(mail).toMatchObject({
      status: 'stored',
      subject: 'Export des lignes produits de paiement du 13/03/2026 au 14/03/2026',
      attachments: [
        {
          filename: 'lignes-produits-paiement_2026-03-13_2026-03-14.xlsx',
          key: exported.file_key,
        },
      ],
    });
    expect(mail!.text).toContain(`(${expected.length.toLocaleString('fr-FR').replace(/\s/g, ' ')} lignes)`);

    const job = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', exported.job_id!)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', progress: 100, result: { rowCount: expected.length } });
  });

  it('mails that the period holds no data, without attachment, and records the export as empty', async () => {
    const email = 'vide@groupe-dupont.fr';
    const res = await t.as(demoToken).get(URL, {
      query: {
        email,
        startDate: '2025-01-01 00:00:00',
        endDate: '2025-01-31 23:59:59',
      },
    });
    expect(res.statusCode).toBe(202);

    const exported = await exportDone(res.json().exportId);
    expect(exported).toMatchObject({ status: 'empty', row_count: 0, file_key: null });
    const [mail] = await outboxOf(email);
    expect(mail).toMatchObject({
      subject: 'Export des lignes produits de paiement du 01/01/2025 au 31/01/2025',
      attachments: [],
    });
    expect(mail!.text).toContain('La période sélectionnée ne comporte aucune donnée');
  });

  it('exports only the establishments a sub-user may read', async () => {
    const { accountId, companyId } = await db()
      .selectFrom('users')
      .innerJoin('companies', 'companies.account_id', 'users.account_id')
      .select(['users.account_id as accountId', 'companies.id as companyId'])
      .where('users.email', '=', 'demo@comptoir.test')
      .orderBy('companies.company_name')
      .executeTakeFirstOrThrow();
    const subUser = await createTestUser(db(), {
      accountId,
      role: 'sub_user',
      companyIds: [companyId],
      groups: ['export_product_lines'],
    });
    const { accessToken } = await signInAs(t, subUser.email);
    const email = 'serveur@groupe-dupont.fr';

    const res = await t.as(accessToken).get(URL, { query: { email, ...PERIOD } });
    expect(res.statusCode).toBe(202);

    const exported = await exportDone(res.json().exportId);
    const expected = await expectedLines([companyId], PERIOD.startDate, PERIOD.endDate);
    expect(exported).toMatchObject({ status: 'done', row_count: expected.length, company_ids: [companyId] });
    const { rows } = await readSheet(exported.file_key!);
    expect(new Set(rows.map((r) => r[2])).size).toBe(1);
  });
});
