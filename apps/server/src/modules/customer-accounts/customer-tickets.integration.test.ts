import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketPdfRequest } from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { formatEuros } from '../../platform/pdf/pdf-layout';
import { buildDemoTestApp, createTestUser, openViewAs, signInAs, type TestApp } from '../../test-helpers';
import { pdfText } from '../../testing/pdf-text';

const suite = demoAccounts().find((a) => a.key === 'suite')!;

let t: TestApp;
let suiteToken: string;
let standardToken: string;
let tmp: string;
const db = () => t.database.db;

interface Note {
  id: string;
  customer_id: string;
  company_id: string;
  business_day: string;
  amount: number;
  order_id: string;
}

/**
 * The charges (notes) of the suite's establishment with the most of them, on two business days at
 * least: the demo charges few notes per customer, so the selection spans several customers.
 */
let notes: Note[];

const euros = (cents: number) => formatEuros(cents).replace(/\u00a0/g, ' ');
const sum = (list: Note[]) => list.reduce((s, n) => s + -n.amount, 0);
const frenchDay = (day: string) => day.split('-').reverse().join('/');

/** The selection grouped by customer, as the portal sends it. */
function body(list: Note[], extra: Partial<TicketPdfRequest> = {}): TicketPdfRequest {
  const customers = [...new Set(list.map((n) => n.customer_id))];
  return {
    groupedPaymentsList: customers.map((customerId) => ({
      customerId,
      payments: list
        .filter((n) => n.customer_id === customerId)
        .map((n) => ({ idPayment: n.id, customerId: n.customer_id, userDb: n.company_id })),
    })),
    formatA4: true,
    dayByDay: false,
    ...extra,
  };
}

/** The suite account's holder, who calls unless a test says otherwise. */
const suiteHolder = () => t.as(suiteToken);

/** The PDF the answer carries, as text. */
async function pdfOf(action: string, payload: unknown): Promise<string> {
  const res = await suiteHolder().post(`/api/customer-account/notes/${action}`, payload);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/filename="[\w-]+\.pdf"$/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(res.rawPayload);
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'comptoir-tickets-'));
  t = await buildDemoTestApp({ days: 3, endDay: '2026-03-14' });
  suiteToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  standardToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
  const { rows } = await sql<Note>`
    with company as (
      select company_id from customer_operations
       where account_id = ${suite.accountId} and operation = 'charge'
       group by company_id
      having count(distinct business_day) >= 2
       order by count(*) desc, company_id limit 1)
    select op.id, op.customer_account_id as customer_id, op.company_id, op.business_day::text as business_day,
           op.amount, op.order_id
      from customer_operations op
      join company on company.company_id = op.company_id
     where op.operation = 'charge'
     order by op.at, op.seq`.execute(db());
  notes = rows;
}, 240_000);
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('POST /api/customer-account/notes/details', () => {
  it('lists every order line of the notes and totals equal to the notes, to the cent', async () => {
    expect(notes.length).toBeGreaterThanOrEqual(2);
    const text = await pdfOf('details', body(notes));
    const lines = await db()
      .selectFrom('order_lines')
      .select(['product_name', 'price'])
      .where(
        'order_id',
        'in',
        notes.map((n) => n.order_id),
      )
      .where('removed', '=', false)
      .execute();
    for (const line of lines) expect(text).toContain(line.product_name.slice(0, 15));
    for (const note of notes) expect(text).toMatch(new RegExp(`Total de la note\\s+${euros(-note.amount)}`));
    expect(text).toMatch(new RegExp(`Total TTC \\(${notes.length} notes\\)\\s+${euros(sum(notes))}`));
  });

  it('refuses an empty selection with the spec’s message', async () => {
    const res = await suiteHolder().post('/api/customer-account/notes/details', {
      ...body([]),
      groupedPaymentsList: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'NO_TICKET_SELECTED',
      message: 'Aucun ticket sélectionné',
    });
  });

  it('answers 404 for another account’s notes and for a note filed under the wrong customer', async () => {
    const other = await t
      .as(standardToken)
      .post('/api/customer-account/notes/details', body(notes.slice(0, 1)));
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('TICKET_NOT_FOUND');
    const wrongCompany = body(notes.slice(0, 1));
    wrongCompany.groupedPaymentsList[0]!.payments[0]!.userDb = crypto.randomUUID();
    expect((await suiteHolder().post('/api/customer-account/notes/details', wrongCompany)).statusCode).toBe(
      404,
    );
    const wrongGroup = body(notes.slice(0, 1));
    wrongGroup.groupedPaymentsList[0]!.customerId = crypto.randomUUID();
    expect((await suiteHolder().post('/api/customer-account/notes/details', wrongGroup)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/customer-account/notes/withoutDetails', () => {
  it('shows one line with the label per note, and no order line', async () => {
    const text = await pdfOf('withoutDetails', body(notes, { label: 'Repas du comité' }));
    expect(text.match(/Repas du comité/g)).toHaveLength(notes.length);
    expect(text).not.toContain('Total de la note');
    expect(text).toMatch(new RegExp(`Total TTC \\(${notes.length} notes\\)\\s+${euros(sum(notes))}`));
  });

  it('labels the lines « Consommations » by default and gives a subtotal per day day by day', async () => {
    const text = await pdfOf('withoutDetails', body(notes, { dayByDay: true }));
    expect(text).toContain('Consommations');
    const days = [...new Set(notes.map((n) => n.business_day))];
    expect(days.length).toBeGreaterThanOrEqual(2);
    for (const day of days) {
      const ofDay = notes.filter((n) => n.business_day === day);
      expect(text).toMatch(new RegExp(`Sous-total du ${frenchDay(day)}\\s+${euros(sum(ofDay))}`));
    }
  });
});

describe('POST /api/customer-account/notes/send, refusals', () => {
  const sendUrl = '/api/customer-account/notes/send';
  const form = () => ({
    userMail: 'demo@comptoir.test',
    customerEmail: 'client@example.fr',
    subject: 'Votre addition',
    msgContent: 'Bonjour',
    nameFileToDisplay: 'addition',
    listPaymentIds: notes.map((n) => n.id),
    formatA4: true,
    dayByDayEmail: false,
    sendSeparateNote: false,
    userName: 'Demo',
    oldPdfSelected: 'details',
    labelWithoutDetails: '',
  });

  it('refuses a sender that is not the signed-in user’s address', async () => {
    const res = await suiteHolder().post(sendUrl, { ...form(), userMail: 'boss@example.fr' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('TICKET_SENDER_NOT_USER');
  });

  it('asks for the recipient and the content, and valid addresses', async () => {
    expect((await suiteHolder().post(sendUrl, { ...form(), customerEmail: ' ' })).json().error.code).toBe(
      'TICKET_RECIPIENT_REQUIRED',
    );
    expect((await suiteHolder().post(sendUrl, { ...form(), msgContent: '' })).json().error.code).toBe(
      'TICKET_CONTENT_REQUIRED',
    );
    expect(
      (await suiteHolder().post(sendUrl, { ...form(), customerEmail: 'client@' })).json().error.code,
    ).toBe('TICKET_EMAIL_INVALID');
    expect((await suiteHolder().post(sendUrl, { ...form(), listPaymentIds: [] })).json().error.code).toBe(
      'NO_TICKET_SELECTED',
    );
  });

  it('keeps day by day by e-mail for the suite edition', async () => {
    const res = await t.as(standardToken).post(sendUrl, {
      ...form(),
      userMail: 'standard@comptoir.test',
      dayByDayEmail: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('TICKET_DAY_BY_DAY_SUITE_ONLY');
  });

  it('answers 404 for another account’s notes and records no mail', async () => {
    const res = await t.as(standardToken).post(sendUrl, { ...form(), userMail: 'standard@comptoir.test' });
    expect(res.statusCode).toBe(404);
    const outbox = await db().selectFrom('mail_outbox').select('id').execute();
    expect(outbox).toHaveLength(0);
  });
});

describe('ticket previews (issue 31, item 6)', () => {
  /** Every file of the app's storage, by key (in PostgreSQL, or under the data directory). */
  async function storedFiles(): Promise<string[]> {
    if (t.database.engine === 'postgres') {
      const rows = await db().selectFrom('stored_files').select('key').orderBy('key').execute();
      return rows.map((row) => row.key);
    }
    const root = path.join(t.config.dataDir, 'files');
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  }

  it('answers the PDF itself, even to a view-as session, and stores no file', async () => {
    const staffToken = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
    const viewAs = (await openViewAs(t, staffToken, suite.accountId)).accessToken;
    const before = await storedFiles();
    for (const token of [viewAs, suiteToken]) {
      for (const action of ['details', 'withoutDetails']) {
        for (let i = 0; i < 3; i += 1) {
          const res = await t.as(token).post(`/api/customer-account/notes/${action}`, body(notes));
          expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
          expect(res.headers['content-type']).toBe('application/pdf');
          expect(res.headers['content-disposition']).toMatch(/^inline; filename="notes[\w-]*_[\w-]+\.pdf"$/);
          expect(res.headers['cache-control']).toBe('private, no-store');
          expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        }
      }
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('declares as writes the ticket routes that store a file or send mail, and only those', () => {
    const ticketRoutes = t.app.accessTable.filter((r) => r.url.startsWith('/api/customer-account/notes/'));
    const writes = (url: string) =>
      ticketRoutes.find((r) => r.method === 'POST' && r.url === url)?.access.writes;
    expect(writes('/api/customer-account/notes/send')).toBe(true);
    expect(writes('/api/customer-account/notes/details')).toBe(false);
    expect(writes('/api/customer-account/notes/withoutDetails')).toBe(false);
    // The stored-PDF link is gone with the stored PDFs.
    expect(ticketRoutes.some((r) => r.url.startsWith('/api/customer-account/notes/pdf/'))).toBe(false);
  });
});

describe('a credit’s PDF (issue 31, item 15)', () => {
  it('says which notes the credit paid, and what is left of it', async () => {
    // A top-up or payment followed by a charge of the same customer: the credit paid it.
    const { rows } = await sql<{
      credit_id: string;
      customer_id: string;
      company_id: string;
      amount: string;
    }>`
      select c.id as credit_id, c.customer_account_id as customer_id, c.company_id, c.amount::text
        from customer_operations c
       where c.account_id = ${suite.accountId} and c.operation in ('topup', 'payment')
         and exists (select 1 from customer_operations n
                      where n.customer_account_id = c.customer_account_id and n.operation = 'charge')
       order by c.at limit 1`.execute(db());
    const credit = rows[0]!;
    const text = await pdfOf('details', {
      groupedPaymentsList: [
        {
          customerId: credit.customer_id,
          payments: [
            { idPayment: credit.credit_id, customerId: credit.customer_id, userDb: credit.company_id },
          ],
        },
      ],
      formatA4: true,
      dayByDay: false,
    });
    expect(text).toMatch(/Crédit/);
    const paid = [...text.matchAll(/a payé la note n°\S+ du \d{2}\/\d{2}\/\d{4}\s+([\d ]+,\d{2}) €/g)].map(
      (m) => Math.round(Number(m[1]!.replace(/\s/g, '').replace(',', '.')) * 100),
    );
    const left = /reste disponible\s+([\d ]+,\d{2}) €/.exec(text);
    const leftCents = left ? Math.round(Number(left[1]!.replace(/\s/g, '').replace(',', '.')) * 100) : 0;
    expect(paid.length + (left ? 1 : 0)).toBeGreaterThan(0);
    expect(paid.reduce((s, cents) => s + cents, 0) + leftCents).toBe(Number(credit.amount));
  });
});

describe('an invoice-grade ticket PDF (issue 31, item 14)', () => {
  it('carries a number, a company customer’s name, SIREN and address, and the VAT per rate even without details', async () => {
    const { rows } = await sql<{
      id: string;
      customer_id: string;
      company_id: string;
      name: string;
      siren: string;
    }>`
      select op.id, op.customer_account_id as customer_id, op.company_id, ca.company_name as name,
             ca.company_siren as siren
        from customer_operations op
        join customer_accounts ca on ca.id = op.customer_account_id
       where op.account_id = ${suite.accountId} and op.operation = 'charge' and ca.is_company
         and ca.company_siren is not null and ca.company_name is not null
       order by op.at limit 1`.execute(db());
    const note = rows[0]!;
    const text = await pdfOf('withoutDetails', {
      groupedPaymentsList: [
        {
          customerId: note.customer_id,
          payments: [{ idPayment: note.id, customerId: note.customer_id, userDb: note.company_id }],
        },
      ],
      formatA4: true,
      dayByDay: false,
      labelWithoutDetails: 'Repas',
    });
    expect(text).toMatch(/Document n° \d{14}/);
    expect(text).toContain(note.name);
    expect(text).toContain(`SIREN : ${note.siren}`);
    expect(text).toMatch(/TVA \d+(,\d+)? % sur [\d ]+,\d{2} € HT/);
  });
});

describe('ticket PDFs in the reader’s language (issue 31, item 20)', () => {
  /** A holder of the suite account whose saved locale is the one given. */
  async function holderIn(locale: 'es-ES' | 'ca-ES') {
    const user = await createTestUser(db(), {
      accountId: suite.accountId,
      locale,
      groups: ['comptoir-suite'],
    });
    return { email: user.email, token: (await signInAs(t, user.email)).accessToken };
  }
  const send = (token: string, userMail: string, extra: object = {}) =>
    t.as(token).post('/api/customer-account/notes/send', {
      userMail,
      customerEmail: 'client@example.fr',
      msgContent: 'Hola',
      listPaymentIds: notes.map((n) => n.id),
      formatA4: true,
      dayByDayEmail: false,
      sendSeparateNote: false,
      oldPdfSelected: 'details',
      ...extra,
    });
  /** The text of the PDF attached to the newest mail of the outbox. */
  async function lastAttachment(): Promise<string> {
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['attachments'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    return pdfText(await t.app.files.get(attachment && 'key' in attachment ? attachment.key : ''));
  }

  it('previews the notes in Spanish for a user whose locale is es, the default label included', async () => {
    const { token } = await holderIn('es-ES');
    const res = await t.as(token).post('/api/customer-account/notes/withoutDetails', body(notes));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Relación de notas');
    expect(text.match(/Consumiciones/g)).toHaveLength(notes.length);
    expect(text).toMatch(new RegExp(`Total con IVA \\(${notes.length} notas\\)\\s+${euros(sum(notes))}`));
    for (const french of ['Relevé de notes', 'Consommations', 'Total TTC', 'Édité le']) {
      expect(text).not.toContain(french);
    }
  });

  it('attaches the PDF in the sending user’s language when the form names none (ca), else in the one it names', async () => {
    const { token, email } = await holderIn('ca-ES');
    const catalan = await send(token, email);
    expect(catalan.statusCode, catalan.body).toBe(200);
    const text = await lastAttachment();
    expect(text).toContain('Relació de notes');
    expect(text).toMatch(/Total de la nota\s/);
    expect(text).not.toContain('Total de la note');

    const spanish = await send(token, email, { locale: 'es' });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(await lastAttachment()).toContain('Relación de notas');
  });
});
