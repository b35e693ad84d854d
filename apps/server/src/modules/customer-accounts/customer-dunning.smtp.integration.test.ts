import { parisDayOf, parisToday } from '@comptoir/contracts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerDunningListResponse,
  CustomerDunningResponse,
  CustomerNotesResponse,
  CustomerReceivableLine,
  CustomerReceivablesResponse,
} from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import {
  buildDemoTestApp,
  createTestUser,
  openViewAs,
  signInAs,
  startSmtpPeer,
  type TestApp,
} from '../../test-helpers';
import { mailAttachments, mailHeader } from '../../testing/mail-parts';
import { pdfText } from '../../testing/pdf-text';
import { formatEuros } from '../../platform/pdf/pdf-layout';
import { insertTestCustomer } from './customer-accounts.test-fixtures';

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const standard = demoAccounts().find((a) => a.key === 'standard')!;

const MESSAGE = 'Bonjour,\nSauf erreur de notre part, des notes restent à régler.\u0007\nMerci.';

let t: TestApp;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let isPeerClosed = false;
let dataDir: string;
let holderToken: string;
let holderId: string;
/** Three debtors of the suite account: two with an e-mail, the third without. */
let debtors: CustomerReceivableLine[];
/** A suite customer who owes nothing, with an e-mail. */
const settledId = crypto.randomUUID();
/** A customer of the crêperie's account. */
let foreignId: string;

const db = () => t.database.db;
const holder = () => t.as(holderToken);
const send = (body: object, token = holderToken) => t.as(token).post('/api/customer-account/dunning', body);
const euros = (cents: number) =>
  formatEuros(cents)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '\\s');
const frenchDay = (day: string) => day.split('-').reverse().join('/');

async function unpaidNotes(customerId: string) {
  const res = await holder().post('/api/customer-account/notes/unpaid', {
    contactsIds: [customerId],
    contactDb: null,
    tsStart: 0,
    tsEnd: 4_102_444_800,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CustomerNotesResponse>().notes;
}

async function setOptions(options: { key: string; value: string }[]) {
  const res = await holder().put('/api/customer-account/options', { options });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-dunning-smtp-'));
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir, smtpUrl: peer.url });
  holderToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  holderId = (
    await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo@comptoir.test')
      .executeTakeFirstOrThrow()
  ).id;
  const receivables = await holder().get('/api/customer-account/receivables');
  expect(receivables.statusCode, receivables.body).toBe(200);
  debtors = receivables.json<CustomerReceivablesResponse>().lines.slice(0, 3);
  expect(debtors).toHaveLength(3);
  for (const [index, debtor] of debtors.entries()) {
    await db()
      .updateTable('customer_accounts')
      .set({ email: index < 2 ? `debiteur-${index + 1}@example.fr` : null })
      .where('id', '=', debtor.customerId)
      .execute();
  }
  await insertTestCustomer(db(), {
    id: settledId,
    accountId: suite.accountId,
    companyId: suite.establishments[0]!.companyId,
    lastname: 'Àjour',
  });
  await db()
    .updateTable('customer_accounts')
    .set({ email: 'ajour@example.fr' })
    .where('id', '=', settledId)
    .execute();
  foreignId = (
    await db()
      .selectFrom('customer_accounts')
      .select('id')
      .where('account_id', '=', standard.accountId)
      .executeTakeFirstOrThrow()
  ).id;
}, 240_000);
afterAll(async () => {
  await t.close();
  if (!isPeerClosed) await peer.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the dunning sender settings (issue 31, item 26)', () => {
  it('refuses a reply-to that is no e-mail and a sender name that reads as an address, naming the key', async () => {
    for (const [key, value, code] of [
      ['ca_dunning_reply_to', 'pas-une-adresse', 'CUSTOMER_OPTION_EMAIL_INVALID'],
      ['ca_dunning_reply_to', `${'a'.repeat(250)}@example.fr`, 'CUSTOMER_OPTION_TOO_LONG'],
      ['ca_dunning_sender_name', 'Brasserie <compta@brasserie.fr>', 'CUSTOMER_OPTION_NAME_INVALID'],
      ['ca_dunning_sender_name', 'Brasserie\r\nBcc: x@example.fr', 'CUSTOMER_OPTION_NAME_INVALID'],
      ['ca_dunning_sender_name', 'B'.repeat(81), 'CUSTOMER_OPTION_TOO_LONG'],
    ] as const) {
      const res = await holder().put('/api/customer-account/options', {
        options: [{ key, value }],
      });
      expect([res.statusCode, res.json().error.code, res.json().error.details], value).toEqual([
        400,
        code,
        { key },
      ]);
    }
    const saved = await holder().get('/api/customer-account/getOptions', {
      query: { keys: 'ca_dunning_sender_name,ca_dunning_reply_to' },
    });
    expect(saved.json()).toEqual({ ca_dunning_sender_name: '', ca_dunning_reply_to: '' });
  });
});

describe('POST /api/customer-account/dunning over SMTP (issue 31, item 26)', () => {
  it('mails a debtor its unpaid notes and its statement under the establishment’s name, Reply-To the user, and records it', async () => {
    const debtor = debtors[0]!;
    const notes = await unpaidNotes(debtor.customerId);
    expect(notes.length).toBeGreaterThan(0);
    const establishments = [...new Set(notes.map((note) => note.company_name))];
    const res = await send({ customerIds: [debtor.customerId], message: MESSAGE });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<CustomerDunningResponse>();
    expect(answer).toEqual({
      results: [{ customerId: debtor.customerId, status: 'sent', owed: debtor.owed, notes: notes.length }],
      sent: 1,
      failed: 0,
      skipped: 0,
    });

    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toEqual(['debiteur-1@example.fr']);
    const name = establishments.length === 1 ? establishments[0]! : suite.name;
    expect(mailHeader(mail.raw, 'From')).toBe(`${name} <${mail.from}>`);
    expect(mailHeader(mail.raw, 'Reply-To')).toBe('demo@comptoir.test');
    expect(mailHeader(mail.raw, 'Subject')).toBe(`Relance : notes impayées – ${name}`);
    expect(mail.raw).not.toContain('text/html');
    expect(mail.raw).not.toContain('\u0007');

    const attachments = mailAttachments(mail.raw);
    expect(attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    const [notesPdf, statementPdf] = attachments;
    expect(notesPdf!.filename).toMatch(/^notes-details_.+\.pdf$/);
    const charged = notes.reduce((sum, note) => sum + note.amount, 0);
    const notesText = await pdfText(notesPdf!.bytes);
    expect(notesText).toMatch(new RegExp(`Total TTC \\(${notes.length} notes?\\)\\s+${euros(charged)}`));
    const oldest = notes.reduce((min, note) => Math.min(min, note.timestamp), Infinity);
    const today = parisToday();
    expect(statementPdf!.filename).toMatch(
      new RegExp(`^releve-compte-\\d+-\\d{4}-\\d{2}-\\d{2}-${today}\\.pdf$`),
    );
    const statementText = await pdfText(statementPdf!.bytes);
    expect(statementText).toContain(`Relevé de compte du ${frenchDay(parisDayOf(new Date(oldest * 1000)))}`);
    expect(statementText).toMatch(new RegExp(`Solde au ${frenchDay(today)}\\s+${euros(debtor.owed)}\\s+dû`));

    const rows = await db()
      .selectFrom('customer_dunning_sends')
      .selectAll()
      .where('customer_account_id', '=', debtor.customerId)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        account_id: suite.accountId,
        company_id: null,
        user_id: holderId,
        to_address: 'debiteur-1@example.fr',
        subject: `Relance : notes impayées – ${name}`,
        owed_cents: debtor.owed,
        notes_count: notes.length,
        status: 'sent',
        mail_outbox_id: expect.any(String),
      }),
    ]);
    const listed = await holder().get('/api/customer-account/dunning', {
      query: { customerId: debtor.customerId },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<CustomerDunningListResponse>().sends).toEqual([
      expect.objectContaining({
        to: 'debiteur-1@example.fr',
        owed: debtor.owed,
        notes: notes.length,
        status: 'sent',
        sentBy: expect.any(String),
      }),
    ]);
    const receivables = (
      await holder().get('/api/customer-account/receivables')
    ).json<CustomerReceivablesResponse>();
    const line = receivables.lines.find((l) => l.customerId === debtor.customerId)!;
    expect(line.lastReminderAt).toBe(listed.json<CustomerDunningListResponse>().sends[0]!.sentAt);
    expect(receivables.lines.find((l) => l.customerId === debtors[1]!.customerId)!.lastReminderAt).toBeNull();
  });

  it('goes out under the configured sender name with its Reply-To, skipping who has no e-mail or owes nothing', async () => {
    await setOptions([
      { key: 'ca_dunning_sender_name', value: 'Brasserie Dupont – Comptabilité' },
      { key: 'ca_dunning_reply_to', value: 'compta@brasserie-dupont.fr' },
    ]);
    const before = peer.received.length;
    const ids = [debtors[1]!.customerId, debtors[2]!.customerId, settledId];
    const res = await send({ customerIds: ids, message: MESSAGE, subject: 'Votre compte\r\nBcc: x@y.fr' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<CustomerDunningResponse>();
    expect(answer.results.map((r) => [r.customerId, r.status, r.reason])).toEqual([
      [ids[0], 'sent', undefined],
      [ids[1], 'skipped', 'NO_EMAIL'],
      [ids[2], 'skipped', 'NOTHING_OWED'],
    ]);
    expect(answer.results[1]!.owed).toBe(debtors[2]!.owed);
    expect([answer.sent, answer.failed, answer.skipped]).toEqual([1, 0, 2]);

    expect(peer.received.slice(before).map((m) => m.to)).toEqual([['debiteur-2@example.fr']]);
    const mail = peer.received[before]!;
    expect(mailHeader(mail.raw, 'From')).toBe(`Brasserie Dupont – Comptabilité <${mail.from}>`);
    expect(mailHeader(mail.raw, 'Reply-To')).toBe('compta@brasserie-dupont.fr');
    expect(mailHeader(mail.raw, 'Subject')).toBe('Votre compte Bcc: x@y.fr');
    expect(mailHeader(mail.raw, 'Bcc')).toBeNull();
    const recorded = await db()
      .selectFrom('customer_dunning_sends')
      .select('customer_account_id')
      .where('customer_account_id', 'in', ids)
      .execute();
    expect(recorded.map((r) => r.customer_account_id)).toEqual([ids[0]]);
  });

  it('answers 404 for another account’s customer, or one not of the establishment asked, and sends nothing to anyone', async () => {
    const before = peer.received.length;
    const count = async () =>
      (
        await db()
          .selectFrom('customer_dunning_sends')
          .select(db().fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const rows = await count();
    const res = await send({ customerIds: [debtors[0]!.customerId, foreignId], message: MESSAGE });
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'CUSTOMER_ACCOUNT_NOT_FOUND']);
    const elsewhere = await send({
      customerIds: [settledId],
      companyId: suite.establishments[1]!.companyId,
      message: MESSAGE,
    });
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([404, 'CUSTOMER_ACCOUNT_NOT_FOUND']);
    const standardToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
    const foreign = await send({ customerIds: [debtors[0]!.customerId], message: MESSAGE }, standardToken);
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'CUSTOMER_ACCOUNT_NOT_FOUND']);
    const list = await t
      .as(standardToken)
      .get('/api/customer-account/dunning', { query: { customerId: debtors[0]!.customerId } });
    expect(list.statusCode).toBe(404);
    expect(peer.received).toHaveLength(before);
    expect(await count()).toBe(rows);
  });

  it('refuses a sub-user without the customer-account service and a view-as session, sending nothing', async () => {
    const before = peer.received.length;
    const subUser = await createTestUser(db(), {
      accountId: suite.accountId,
      role: 'sub_user',
      services: [],
    });
    const subUserToken = (await signInAs(t, subUser.email)).accessToken;
    const staffToken = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
    const viewAsToken = (await openViewAs(t, staffToken, suite.accountId)).accessToken;
    const body = { customerIds: [debtors[0]!.customerId], message: MESSAGE };
    const refused = await send(body, subUserToken);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'SUB_USER_NO_ACCESS']);
    const viewAs = await send(body, viewAsToken);
    expect([viewAs.statusCode, viewAs.json().error.code]).toEqual([403, 'VIEW_AS_READ_ONLY']);
    // Reading what was sent stays open to view-as, as every read of the account.
    const list = await t
      .as(viewAsToken)
      .get('/api/customer-account/dunning', { query: { customerId: debtors[0]!.customerId } });
    expect(list.statusCode).toBe(200);
    expect(peer.received).toHaveLength(before);
  });

  it('names the broken rule and its field', async () => {
    const before = peer.received.length;
    const one = [debtors[0]!.customerId];
    for (const [body, code, field] of [
      [{ customerIds: [], message: MESSAGE }, 'DUNNING_NO_CUSTOMER', 'customerIds'],
      [
        { customerIds: Array.from({ length: 26 }, () => crypto.randomUUID()), message: MESSAGE },
        'DUNNING_TOO_MANY_CUSTOMERS',
        'customerIds',
      ],
      [
        { customerIds: one, message: MESSAGE, subject: 'x'.repeat(201) },
        'DUNNING_SUBJECT_TOO_LONG',
        'subject',
      ],
      [{ customerIds: one, message: ' \n ' }, 'DUNNING_MESSAGE_REQUIRED', 'message'],
      [{ customerIds: one, message: 'x'.repeat(5001) }, 'DUNNING_MESSAGE_TOO_LONG', 'message'],
    ] as const) {
      const res = await send(body);
      expect([res.statusCode, res.json().error.code, res.json().error.details], code).toEqual([
        400,
        code,
        { field },
      ]);
      expect(res.json().error.message).not.toBe('');
    }
    const unreadable = await send({ customerIds: one, message: MESSAGE, companyId: crypto.randomUUID() });
    expect([unreadable.statusCode, unreadable.json().error.code]).toEqual([
      404,
      'CUSTOMER_COMPANY_NOT_FOUND',
    ]);
    expect(peer.received).toHaveLength(before);
  });

  it('records a reminder the mail server could not take as failed', async () => {
    await peer.close();
    isPeerClosed = true;
    const debtor = debtors[0]!;
    const res = await send({ customerIds: [debtor.customerId], message: MESSAGE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomerDunningResponse>()).toMatchObject({
      results: [{ customerId: debtor.customerId, status: 'failed', reason: 'MAIL_FAILED' }],
      sent: 0,
      failed: 1,
    });
    const rows = await db()
      .selectFrom('customer_dunning_sends')
      .select(['status', 'sent_at'])
      .where('customer_account_id', '=', debtor.customerId)
      .orderBy('sent_at', 'desc')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['failed', 'sent']);
    // The last reminder shown is the last that left.
    const receivables = (
      await holder().get('/api/customer-account/receivables')
    ).json<CustomerReceivablesResponse>();
    expect(receivables.lines.find((l) => l.customerId === debtor.customerId)!.lastReminderAt).toBe(
      rows[1]!.sent_at.toISOString(),
    );
  });
});
