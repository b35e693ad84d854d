import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  monthDays,
  type AccountingCustomerBalances,
  type AccountingExercisesResponse,
  type AccountingExportRecord,
  type AccountingPreviewResponse,
  type AccountingVatSummary,
  addCalendarDays,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { pdfText } from '../../testing/pdf-text';
import { seeded } from '../../testing/seeded';
import { buildDemoTestApp, signInAs, type TestApp, waitFor } from '../../test-helpers';
import { checkFec } from './fec-checker';
import { rateLabel } from './fec-entries';

/**
 * The accountant's year-end and monthly files (issue 30, parts 19–21) over three demo days across a
 * month's end, with the chart the demo applies to the suite group's establishments.
 */
const DAYS = ['2026-02-27', '2026-02-28', '2026-03-01'];
const MONTHS = ['2026-02', '2026-03'];
const EMAIL = 'compta@example.test';

let t: TestApp;
let token: string;
let companyId: string;
let siren: string;

const db = () => t.database.db;
const holder = () => t.as(token);

beforeAll(async () => {
  t = await buildDemoTestApp({ days: DAYS.length, endDay: DAYS.at(-1)! });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  const user = await db()
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', 'demo@comptoir.test')
    .executeTakeFirstOrThrow();
  const company = await db()
    .selectFrom('companies')
    .select(['id', 'siren', 'siret'])
    .where('account_id', '=', user.account_id!)
    .orderBy('company_name')
    .executeTakeFirstOrThrow();
  companyId = company.id;
  siren = company.siren ?? company.siret!.slice(0, 9);
}, 240_000);
afterAll(() => t.close());

const period = (start: string, end: string) => ({
  opening_date: `${start} 00:00:00`,
  closing_date: `${end} 23:59:59`,
  idCompanies: JSON.stringify([companyId]),
});

/** What the holder of an establishment's account calls through. */
interface Desk {
  caller: ReturnType<TestApp['as']>;
  companyId: string;
}

async function rowsOf({ caller, companyId: id }: Desk, month: string) {
  const { first, last } = monthDays(month);
  const res = await caller.get('/api/exportVat/getExportDatas', {
    query: {
      opening_date: `${first} 00:00:00`,
      closing_date: `${last} 23:59:59`,
      idCompanies: JSON.stringify([id]),
      limit: 'false',
      mode: '2',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountingPreviewResponse>()[0]!.datas;
}

const monthRows = (month: string) => rowsOf({ caller: holder(), companyId }, month);

/**
 * A month's CA3 summary against the FEC's lines of the same month and the registers' Z, rate by
 * rate, to the cent (issue 30, part 20).
 */
async function expectVatSummaryAgrees(desk: Desk, month: string) {
  const res = await desk.caller.get('/api/exportVat/vatSummary', {
    query: { idCompany: desk.companyId, month },
  });
  expect(res.statusCode, res.body).toBe(200);
  const summary = res.json<AccountingVatSummary>();
  const rows = await rowsOf(desk, month);
  const sum = (pick: (r: (typeof rows)[number]) => number, label: string) =>
    rows.filter((r) => r.ecritureLib.startsWith(label)).reduce((s, r) => s + pick(r), 0);
  for (const line of summary.lines) {
    const rate = rateLabel(line.rateBp);
    expect(line.salesVat, `${month} ${rate}`).toBe(sum((r) => r.credit - r.debit, `TVA collectée ${rate} `));
    expect(line.salesBase, `${month} ${rate}`).toBe(sum((r) => r.credit - r.debit, `Ventes ${rate} `));
    expect(line.avoirsVat, `${month} ${rate}`).toBe(
      sum((r) => r.debit - r.credit, `TVA sur avoirs ${rate} `),
    );
    expect([line.zBase, line.zVat], `${month} ${rate}`).toEqual([line.salesBase, line.salesVat]);
    expect([line.base, line.vat]).toEqual([line.salesBase - line.avoirsBase, line.salesVat - line.avoirsVat]);
  }
  // Every VAT line the FEC credits has its line in the summary.
  const rates = new Set(summary.lines.map((l) => `TVA collectée ${rateLabel(l.rateBp)} `));
  for (const row of rows.filter((r) => r.ecritureLib.startsWith('TVA collectée '))) {
    expect(
      [...rates].some((label) => row.ecritureLib.startsWith(label)),
      row.ecritureLib,
    ).toBe(true);
  }
  expect(summary.openFrom).toBeNull();
  return summary;
}

async function exported(
  start: string,
  end: string,
): Promise<{ record: AccountingExportRecord; text: string }> {
  const res = await holder().post('/api/exportVat/export', {
    ...period(start, end),
    format: 'fec',
    email: EMAIL,
  });
  expect(res.statusCode, res.body).toBe(202);
  const exportId = res.json<{ exportId: string }>().exportId;
  await waitFor(async () => {
    const row = await db()
      .selectFrom('exports')
      .select('status')
      .where('id', '=', exportId)
      .executeTakeFirst();
    return row?.status === 'done';
  }, 60_000);
  const list = await holder().get('/api/exportVat/exports', { query: { idCompany: companyId } });
  const record = list.json<AccountingExportRecord[]>().find((r) => r.id === exportId)!;
  const download = await holder().get(record.downloadUrl!);
  expect(download.headers['cache-control']).toBe('no-store');
  return { record, text: download.body };
}

const bodyLines = (text: string) => text.split('\r\n').slice(1, -1);

describe('the VAT-return (CA3) summary', () => {
  it("gives per rate the FEC's sales and VAT, its avoirs, and the registers' Z, equal to the cent", async () => {
    for (const month of MONTHS) {
      const summary = await expectVatSummaryAgrees({ caller: holder(), companyId }, month);
      expect(summary.lines.length).toBeGreaterThan(0);
      expect(summary.zClosures).toBeGreaterThan(0);
    }
  });

  it('refuses a malformed month and another account’s establishment', async () => {
    const bad = await holder().get('/api/exportVat/vatSummary', {
      query: { idCompany: companyId, month: '2026-13' },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await db()
      .selectFrom('companies')
      .select('id')
      .where('id', '!=', companyId)
      .where(
        'account_id',
        'not in',
        db().selectFrom('companies').select('account_id').where('id', '=', companyId),
      )
      .executeTakeFirstOrThrow();
    const refused = await holder().get('/api/exportVat/vatSummary', {
      query: { idCompany: foreign.id, month: MONTHS[0]! },
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'COMPANY_FORBIDDEN']);
  });
});

describe('the VAT-return (CA3) summary over random months of the demo year', () => {
  // Seeded: the same months on every run (their demo databases are templates kept between runs).
  const random = seeded(20);
  const months = Array.from({ length: 2 }, () => {
    const index = Math.floor(random() * 20);
    return `${2025 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
  it.each(months)(
    'equals the FEC and the Z for %s and the month after it',
    async (month) => {
      // The month's last two days and the next month's first: both months' summaries have sales.
      const next = addCalendarDays(monthDays(month).last, 1);
      const app = await buildDemoTestApp({ days: 3, endDay: next });
      try {
        const caller = app.as((await signInAs(app, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken);
        const companies = await app.database.db
          .selectFrom('companies as c')
          .innerJoin('users as u', 'u.account_id', 'c.account_id')
          .select('c.id')
          .where('u.email', '=', 'demo@comptoir.test')
          .execute();
        for (const { id } of companies) {
          for (const m of [month, next.slice(0, 7)])
            await expectVatSummaryAgrees({ caller, companyId: id }, m);
        }
      } finally {
        await app.close();
      }
    },
    240_000,
  );
});

describe('the customer accounts at a month’s end', () => {
  it('give each customer’s balance as its 411 and 4191 auxiliary accounts, equal to the cent, with avoirs outstanding', async () => {
    let held = 0;
    for (const month of MONTHS) {
      const res = await holder().get('/api/exportVat/customerBalances', {
        query: { idCompany: companyId, month },
      });
      expect(res.statusCode, res.body).toBe(200);
      const balances = res.json<AccountingCustomerBalances>();
      expect(balances.lines.length).toBeGreaterThan(0);
      for (const line of balances.lines) {
        expect(line.ledger - line.prepaid, `${month} ${line.name}`).toBe(line.owed);
        // Money held goes to 4191 as it comes: a 411 account never shows credit, nor 4191 a debt.
        expect(line.ledger).toBeGreaterThanOrEqual(0);
        expect(line.prepaid).toBeGreaterThanOrEqual(0);
      }
      held += balances.prepaid;
      // The auxiliary accounts of the entries up to the month's end, line by line.
      const rows = await monthRows(month);
      const previous = month === MONTHS[1] ? await monthRows(MONTHS[0]!) : [];
      for (const [account, field, sign] of [
        ['411000', 'ledger', 1],
        ['419110', 'prepaid', -1],
      ] as const) {
        const byAux = new Map<string, number>();
        for (const r of [...previous, ...rows].filter((r) => r.account === account && r.accountAux)) {
          byAux.set(r.accountAux, (byAux.get(r.accountAux) ?? 0) + sign * (r.debit - r.credit));
        }
        for (const [aux, balance] of byAux) {
          expect(balances.lines.find((l) => l.aux === aux)?.[field], `${month} ${account} ${aux}`).toBe(
            balance,
          );
        }
      }
      expect(balances.receivable).toBe(balances.lines.reduce((s, l) => s + l.ledger, 0));
      expect(balances.prepaid).toBe(balances.lines.reduce((s, l) => s + l.prepaid, 0));
      expect(balances.avoirsOutstanding).toBeGreaterThanOrEqual(0);
    }
    // The demo's pre-loaded accounts hold credit: the advances received are booked.
    expect(held).toBeGreaterThan(0);
  });
});

describe('the Z pack', () => {
  it("holds every register's daily Z of the month, day by day under the FEC's piece", async () => {
    const res = await holder().get('/api/exportVat/zPack', {
      query: { idCompany: companyId, month: MONTHS[0]! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="clotures-z-${siren}-2026-02.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = await pdfText(res.rawPayload);
    const closures = await db()
      .selectFrom('closures')
      .select(['seq'])
      .where('company_id', '=', companyId)
      .where('type', '=', 1)
      .where('end_day', '>=', '2026-02-01')
      .where('end_day', '<=', '2026-02-28')
      .execute();
    expect(closures.length).toBeGreaterThan(1);
    expect(text).toContain('Clôtures journalières de février 2026');
    const pieces = new Set((await monthRows(MONTHS[0]!)).map((r) => r.numberCaisse));
    for (const piece of pieces) expect(text).toContain(`clôture de l’établissement ${piece}`);
    expect(text).toMatch(new RegExp(`Rapports Z des caisses : ${closures.length}\\b`));
    for (const closure of closures) expect(text).toMatch(new RegExp(` Z n°${closure.seq} : \\S{20,}`));
  });
});

describe('the complete FEC of an exercise', () => {
  it('holds every entry the FEC exports booked, with their numbers, under the exercise’s legal name', async () => {
    const first = await exported(DAYS[0]!, DAYS[1]!);
    const second = await exported(DAYS[2]!, DAYS[2]!);
    const list = await holder().get('/api/exportVat/exercises', { query: { idCompany: companyId } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<AccountingExercisesResponse>()).toEqual({
      exerciseEnd: '31/12',
      exercises: [
        { start: '2026-01-01', end: '2026-12-31', bookedDays: 3, fileName: `${siren}FEC20261231.txt` },
      ],
    });
    const res = await holder().get('/api/exportVat/exerciseFec', {
      query: { idCompany: companyId, end: '2026-12-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${siren}FEC20261231.txt"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(checkFec(`${siren}FEC20261231.txt`, res.body)).toEqual([]);
    expect(bodyLines(res.body)).toEqual([...bodyLines(first.text), ...bodyLines(second.text)]);
    const numbers = [...new Set(bodyLines(res.body).map((l) => Number(l.split('|')[2])))];
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));

    // An exercise closing on the last day of February splits the days in two exercises.
    const saved = await holder().post('/api/exportVat/updateVatKeys', {
      idCompany: companyId,
      vatKeys: { account_vat_exercise_end: '28/02' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const split = (
      await holder().get('/api/exportVat/exercises', { query: { idCompany: companyId } })
    ).json<AccountingExercisesResponse>();
    expect(split.exercises.map((e) => [e.start, e.end, e.bookedDays, e.fileName])).toEqual([
      ['2025-03-01', '2026-02-28', 2, `${siren}FEC20260228.txt`],
      ['2026-03-01', '2027-02-28', 1, `${siren}FEC20270228.txt`],
    ]);
    const february = await holder().get('/api/exportVat/exerciseFec', {
      query: { idCompany: companyId, end: '2026-02-28' },
    });
    expect(bodyLines(february.body)).toEqual(bodyLines(first.text));
    const refused = await holder().post('/api/exportVat/updateVatKeys', {
      idCompany: companyId,
      vatKeys: { account_vat_exercise_end: '29/02' },
    });
    expect(refused.json().error.code).toBe('ACCOUNTING_EXERCISE_END_INVALID');

    // For a package that cannot read UTF-8: ISO 8859-15, its dashes in ASCII.
    const latin9 = await holder().post('/api/exportVat/updateVatKeys', {
      idCompany: companyId,
      vatKeys: { account_vat_charset: 'latin9' },
    });
    expect(latin9.statusCode, latin9.body).toBe(200);
    const encoded = await holder().get('/api/exportVat/exerciseFec', {
      query: { idCompany: companyId, end: '2026-02-28' },
    });
    expect(encoded.headers['content-type']).toBe('text/plain; charset=iso-8859-15');
    expect(encoded.rawPayload.includes(0xc3)).toBe(false);
    expect(encoded.rawPayload.toString('latin1')).toBe(
      february.body.replaceAll('—', '-').replaceAll('’', "'"),
    );
    const layout = await holder().post('/api/exportVat/updateVatKeys', {
      idCompany: companyId,
      vatKeys: { account_vat_charset: 'utf-16', account_vat_label_length: '5' },
    });
    expect(layout.json().error.code).toBe('ACCOUNTING_FILE_LAYOUT_INVALID');
  });
});
