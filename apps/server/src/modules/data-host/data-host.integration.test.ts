import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import {
  establishmentClosureNumber,
  fiscalPdfUrl,
  pdfDataUrl,
  PDF_LINK_TTL_SECONDS,
  type PdfData,
  type PdfTarget,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, createTestUser, signInAs, type TestApp } from '../../test-helpers';
import { formatEuros } from '../../platform/pdf/pdf-layout';
import { dbNameOf, signLink } from '../fiscal/pdf-link';
import { pdfText } from '../../testing/pdf-text';

/** Two demo days through the real ingestion; PDFs are read back with poppler's pdftotext. */
const LAST = '2026-03-01';

const [suite, standard] = demoAccounts();
const suiteAccountId = suite!.accountId;
const standardAccountId = standard!.accountId;

let t: TestApp;
let holderToken: string;
let tmp: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: LAST });
  holderToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'comptoir-pdf-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const db = () => t.database.db;

async function pdfData(target: PdfTarget): Promise<PdfData> {
  const res = await t.as(holderToken).get(pdfDataUrl(target));
  expect(res.statusCode).toBe(200);
  return res.json() as PdfData;
}

const euros = (cents: number) => formatEuros(cents).replace(/\u00a0/g, ' ');

async function fetchPdf(target: PdfTarget): Promise<string> {
  const res = await t.as(null).get(fiscalPdfUrl(await pdfData(target), target));
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(res.rawPayload);
}

async function dailyClosure() {
  return db()
    .selectFrom('closures')
    .selectAll()
    .where('account_id', '=', suiteAccountId)
    .where('type', '=', 1)
    .where('end_day', '=', LAST)
    .executeTakeFirstOrThrow();
}

describe('GET /api/administration-fiscale/pdf-data', () => {
  it('gives the account’s db name, now, the caller, and the HMAC of them and the document', async () => {
    const closure = await dailyClosure();
    const data = await pdfData({ action: 'z', closureId: closure.id });
    expect(data.dbName).toBe(dbNameOf(suiteAccountId));
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(5);
    const holder = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo@comptoir.test')
      .executeTakeFirstOrThrow();
    expect(data.by).toBe(holder.id);
    expect(data.signature).toBe(
      signLink(t.config, {
        dbName: data.dbName,
        timestamp: data.timestamp,
        by: data.by,
        target: { action: 'z', closure_id: closure.id },
      }),
    );
    expect(data.expiresAt).toBe(data.timestamp + PDF_LINK_TTL_SECONDS);
  });
});

describe('the Z report', () => {
  it('carries the establishment, the period, the closure’s totals as stored, and its signature', async () => {
    const closure = await dailyClosure();
    const text = await fetchPdf({ action: 'z', closureId: closure.id });
    const company = await db()
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', closure.company_id)
      .executeTakeFirstOrThrow();
    const register = await db()
      .selectFrom('registers')
      .selectAll()
      .where('id', '=', closure.register_id)
      .executeTakeFirstOrThrow();
    expect(text).toContain(company.company_name);
    expect(text).toContain(company.siret!);
    expect(text).toContain(company.vat_number!);
    expect(text).toContain(register.name);
    expect(text).toContain('Rapport Z – Clôture journalière');
    expect(text).toContain('du 01/03/2026 au 01/03/2026');
    expect(text).toContain('DUPLICATA n°1');

    const lineWith = (label: string) => text.split('\n').find((l) => l.includes(label)) ?? '';
    // The establishment's daily closure number: the piece the day's accounting entries carry.
    const first = await db()
      .selectFrom('pos_records')
      .select((eb) => eb.fn.min('business_day').as('day'))
      .where('company_id', '=', closure.company_id)
      .executeTakeFirstOrThrow();
    expect(lineWith('Clôture de l’établissement')).toContain(
      `${establishmentClosureNumber(first.day as string, LAST)} (pièce comptable)`,
    );
    expect(lineWith('Total de la période TTC')).toContain(euros(closure.amount_total_ivat));
    expect(lineWith('Total de la période HT')).toContain(euros(closure.amount_total_evat));
    expect(lineWith('Total de la période TVA')).toContain(euros(closure.amount_tax));
    expect(lineWith('Grand total perpétuel TTC')).toContain(euros(closure.grand_total_ivat));
    expect(lineWith('Remises TTC')).toContain(euros(closure.amount_discount_ivat));
    expect(lineWith('Offerts TTC')).toContain(euros(closure.amount_offered_ivat));
    for (const tax of closure.taxes as { vatRateBp: number; evat: number; tax: number; ivat: number }[]) {
      const rate = `${String(tax.vatRateBp / 100).replace('.', ',')} %`;
      const row = lineWith(rate);
      for (const amount of [tax.evat, tax.tax, tax.ivat]) expect(row).toContain(euros(amount));
    }
    for (const payment of closure.payments as { paymentName: string; amount: number }[]) {
      expect(lineWith(payment.paymentName)).toContain(euros(payment.amount));
    }

    const services = closure.service_ids as string[];
    const orders = await db()
      .selectFrom('orders')
      .select((eb) => [eb.fn.min('number').as('first'), eb.fn.max('number').as('last')])
      .where('service_id', 'in', services)
      .executeTakeFirstOrThrow();
    expect(text).toContain(`du n°${orders.first} au n°${orders.last}`);
    const cash = await db()
      .selectFrom('services')
      .select((eb) => [
        eb.fn.sum<number>('expected_cash').as('expected'),
        eb.fn.sum<number>('counted_cash').as('counted'),
      ])
      .where('id', 'in', services)
      .executeTakeFirstOrThrow();
    expect(lineWith('Espèces attendues')).toContain(euros(Number(cash.expected)));
    expect(lineWith('Espèces comptées')).toContain(euros(Number(cash.counted)));
    const signature = await db()
      .selectFrom('pos_records')
      .select('sig')
      .where('register_id', '=', closure.register_id)
      .where('kind', '=', 'closure')
      .where('seq', '=', closure.seq)
      .executeTakeFirstOrThrow();
    expect(text.replace(/\s/g, '')).toContain(signature.sig);
  });

  it('is found from one of the closure’s services, and traced as a reprint', async () => {
    const closure = await dailyClosure();
    const [serviceId] = closure.service_ids as string[];
    const text = await fetchPdf({ action: 'z', serviceId: serviceId!, cashRegisterId: closure.register_id });
    expect(text).toContain('Rapport Z – Clôture journalière');
    const reprints = await db()
      .selectFrom('document_reprints')
      .select('reprint_number')
      .where('document_kind', '=', 'z_report')
      .where('document_id', '=', closure.id)
      .orderBy('reprint_number')
      .execute();
    expect(reprints.map((r) => r.reprint_number)).toEqual([1, 2]);
  });
});

describe('ticket and receipt duplicates', () => {
  it('prints an order’s ticket as « DUPLICATA » with its number, each print adding a reprint row', async () => {
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('account_id', '=', suiteAccountId)
      .where('cancels_order_id', 'is', null)
      .orderBy('number')
      .executeTakeFirstOrThrow();
    const first = await fetchPdf({ action: 'ticket', orderId: order.id });
    expect(first).toContain(`Ticket n°${order.number}`);
    expect(first).toContain('DUPLICATA n°1');
    expect(first.split('\n').find((l) => l.includes('Total TTC'))).toContain(euros(order.amount_total_ivat));
    const second = await fetchPdf({ action: 'ticket', orderId: order.id });
    expect(second).toContain('DUPLICATA n°2');
    const reprints = await db()
      .selectFrom('document_reprints')
      .selectAll()
      .where('document_kind', '=', 'ticket')
      .where('document_id', '=', order.id)
      .execute();
    expect(reprints.map((r) => r.reprint_number).sort()).toEqual([1, 2]);
    expect(reprints.every((r) => r.account_id === suiteAccountId && r.company_id === order.company_id)).toBe(
      true,
    );
  });

  it('prints a register’s print as « DUPLICATA » with its lines', async () => {
    const receipt = await db()
      .selectFrom('receipts')
      .selectAll()
      .where('account_id', '=', suiteAccountId)
      .executeTakeFirstOrThrow();
    const text = await fetchPdf({ action: 'receipt', receiptId: receipt.id });
    expect(text).toContain('DUPLICATA n°1');
    expect(text).toContain(`impression n°${receipt.number}`);
    const details = await db()
      .selectFrom('receipt_details')
      .selectAll()
      .where('receipt_id', '=', receipt.id)
      .execute();
    for (const d of details) expect(text).toContain(d.label);
  });
});

describe('links the data host refuses', () => {
  async function orderOf(accountId: string) {
    return db()
      .selectFrom('orders')
      .select('id')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
  }

  it('refuses a forged signature, or one moved to another account’s db or another requester, with 403', async () => {
    const order = await orderOf(suiteAccountId);
    const data = await pdfData({ action: 'ticket', orderId: order.id });
    const forged = { ...data, signature: data.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    const res = await t.as(null).get(fiscalPdfUrl(forged, { action: 'ticket', orderId: order.id }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PDF_LINK_INVALID');
    const moved = { ...data, dbName: dbNameOf(standardAccountId) };
    const other = await t.as(null).get(fiscalPdfUrl(moved, { action: 'ticket', orderId: order.id }));
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('PDF_LINK_INVALID');
    const somebodyElse = { ...data, by: crypto.randomUUID() };
    const renamed = await t.as(null).get(fiscalPdfUrl(somebodyElse, { action: 'ticket', orderId: order.id }));
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().error.code).toBe('PDF_LINK_INVALID');
  });

  it('refuses a link older than 15 minutes, or dated in the future, with 403', async () => {
    const order = await orderOf(suiteAccountId);
    const dbName = dbNameOf(suiteAccountId);
    const by = (await pdfData({ action: 'ticket', orderId: order.id })).by;
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - PDF_LINK_TTL_SECONDS - 5, now + 3600]) {
      const target = { action: 'ticket' as const, order_id: order.id };
      const data = {
        dbName,
        timestamp,
        by,
        signature: signLink(t.config, { dbName, timestamp, by, target }),
        path: '/data/pdf',
        expiresAt: 0,
      };
      const res = await t.as(null).get(fiscalPdfUrl(data, { action: 'ticket', orderId: order.id }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('PDF_LINK_EXPIRED');
    }
  });

  it('answers 404 for another account’s document, and prints nothing for it', async () => {
    const foreign = await orderOf(standardAccountId);
    const target = { action: 'ticket' as const, orderId: foreign.id };
    const unsigned = await t.as(holderToken).get(pdfDataUrl(target));
    expect(unsigned.statusCode).toBe(404);
    expect(unsigned.json().error.code).toBe('FISCAL_RECORD_NOT_FOUND');
    // A link signed all the same still opens nothing outside the account its db names.
    const { by } = await pdfData({ action: 'ticket', orderId: (await orderOf(suiteAccountId)).id });
    const dbName = dbNameOf(suiteAccountId);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signLink(t.config, {
      dbName,
      timestamp,
      by,
      target: { action: 'ticket', order_id: foreign.id },
    });
    const res = await t
      .as(null)
      .get(fiscalPdfUrl({ dbName, timestamp, by, signature, path: '/data/pdf', expiresAt: 0 }, target));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PDF_DOCUMENT_NOT_FOUND');
    const traced = await db()
      .selectFrom('document_reprints')
      .select('id')
      .where('document_id', '=', foreign.id)
      .execute();
    expect(traced).toEqual([]);
  });

  it('answers 400 when the link does not say which document', async () => {
    const data = (
      await t.as(holderToken).get('/api/administration-fiscale/pdf-data?action=ticket')
    ).json<PdfData>();
    const res = await t
      .as(null)
      .get(
        `/data/pdf?db=${data.dbName}&action=ticket&format=pdf&ts=${data.timestamp}&by=${data.by}&signature=${data.signature}`,
      );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PDF_TARGET_REQUIRED');
  });
});

describe('a link opens one document, in the name of who asked for it', () => {
  async function twoOrders() {
    const rows = await db()
      .selectFrom('orders')
      .select('id')
      .where('account_id', '=', suiteAccountId)
      .orderBy('number')
      .limit(2)
      .execute();
    return [rows[0]!.id, rows[1]!.id] as const;
  }

  /** The link's credential as the pdf-data answer gives it (`db`, `ts` and every other field). */
  async function credentialFor(query: string): Promise<string> {
    const res = await t.as(holderToken).get(`/api/administration-fiscale/pdf-data?${query}`);
    const {
      dbName,
      timestamp,
      path: _path,
      expiresAt: _expires,
      ...rest
    } = res.json<Record<string, unknown>>();
    const fields = { db: String(dbName), ts: String(timestamp), format: 'pdf' };
    for (const [key, value] of Object.entries(rest)) Object.assign(fields, { [key]: String(value) });
    return new URLSearchParams(fields).toString();
  }

  it('refuses a link signed for one ticket when it names another document', async () => {
    const [a, b] = await twoOrders();
    const credential = await credentialFor(`action=ticket&order_id=${a}`);
    expect((await t.as(null).get(`/data/pdf?${credential}&action=ticket&order_id=${a}`)).statusCode).toBe(
      200,
    );
    for (const target of [
      `action=ticket&order_id=${b}`,
      'action=incidents',
      `action=receipt&receipt_id=${a}`,
    ]) {
      const res = await t.as(null).get(`/data/pdf?${credential}&${target}`);
      expect(res.statusCode, target).toBe(403);
      expect(res.json().error.code).toBe('PDF_LINK_INVALID');
    }
  });

  it('records each print in the name of the user who asked for the link', async () => {
    const [, b] = await twoOrders();
    const holder = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo@comptoir.test')
      .executeTakeFirstOrThrow();
    await fetchPdf({ action: 'ticket', orderId: b });
    const reprints = await db()
      .selectFrom('document_reprints')
      .select('user_id')
      .where('document_id', '=', b)
      .execute();
    expect(reprints.length).toBeGreaterThan(0);
    expect(reprints.every((r) => r.user_id === holder.id)).toBe(true);
  });
});

describe('a link for a document the caller may read', () => {
  it('prints a sub-user’s incident list over its own establishments only', async () => {
    const companies = await db()
      .selectFrom('companies')
      .select(['id', 'company_name'])
      .where('account_id', '=', suiteAccountId)
      .orderBy('company_name')
      .execute();
    expect(companies.length).toBeGreaterThan(1);
    const [own, ...others] = companies;
    const subUser = await createTestUser(db(), {
      accountId: suiteAccountId,
      role: 'sub_user',
      services: ['fiscal_administration'],
      companyIds: [own!.id],
    });
    const token = (await signInAs(t, subUser.email)).accessToken;
    const target: PdfTarget = { action: 'incidents' };
    const signed = await t.as(token).get(pdfDataUrl(target));
    expect(signed.statusCode).toBe(200);
    const res = await t.as(null).get(fiscalPdfUrl(signed.json<PdfData>(), target));
    expect(res.statusCode).toBe(200);
    // A long list of names wraps in the header: each is known by its first ten letters.
    const start = (name: string) => name.slice(0, 10);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(start(own!.company_name));
    for (const other of others) expect(text).not.toContain(start(other.company_name));
    // The holder's list names them all.
    const holders = await fetchPdf(target);
    for (const company of companies) expect(holders).toContain(start(company.company_name));
  });

  it('is refused to a sub-user for another establishment’s document, as the fiscal lists are', async () => {
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'company_id'])
      .where('account_id', '=', suiteAccountId)
      .orderBy('number')
      .execute();
    const own = orders[0]!;
    const other = orders.find((o) => o.company_id !== own.company_id)!;
    const subUser = await createTestUser(db(), {
      accountId: suiteAccountId,
      role: 'sub_user',
      services: ['fiscal_administration'],
      companyIds: [own.company_id],
    });
    const token = (await signInAs(t, subUser.email)).accessToken;
    const refused = await t.as(token).get(pdfDataUrl({ action: 'ticket', orderId: other.id }));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('FISCAL_RECORD_NOT_FOUND');
    const signed = await t.as(token).get(pdfDataUrl({ action: 'ticket', orderId: own.id }));
    expect(signed.statusCode).toBe(200);
    const res = await t
      .as(null)
      .get(fiscalPdfUrl(signed.json<PdfData>(), { action: 'ticket', orderId: own.id }));
    expect(res.statusCode).toBe(200);
  });
});
