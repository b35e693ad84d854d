import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { formatEuros } from '../../platform/pdf/pdf-layout';
import { buildDemoTestApp, signInAs, startSmtpPeer, type TestApp } from '../../test-helpers';
import { mailTabTicket } from './customer-tickets.mail';
import { mailAttachments } from '../../testing/mail-parts';
import { pdfText } from '../../testing/pdf-text';

const suite = demoAccounts().find((a) => a.key === 'suite')!;

interface Note {
  id: string;
  customer_account_id: string;
  company_id: string;
  amount: number;
}

let t: TestApp;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let isPeerClosed = false;
let dataDir: string;
let token: string;
let notes: Note[];

const euros = (cents: number) => formatEuros(cents).replace(/\u00a0/g, ' ');

const form = (ids: string[]) => ({
  userMail: 'demo@comptoir.test',
  customerEmail: 'client@example.fr',
  subject: 'Votre addition',
  msgContent: 'Bonjour Madame,\nVoici vos notes.\u0007',
  nameFileToDisplay: 'addition mars',
  listPaymentIds: ids,
  formatA4: true,
  dayByDayEmail: false,
  sendSeparateNote: false,
  userName: 'Demo',
  oldPdfSelected: 'details',
  labelWithoutDetails: '',
});

beforeAll(async () => {
  peer = await startSmtpPeer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-tickets-smtp-'));
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir, smtpUrl: peer.url });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  notes = await t.database.db
    .selectFrom('customer_operations')
    .select(['id', 'customer_account_id', 'company_id', 'amount'])
    .where('account_id', '=', suite.accountId)
    .where('operation', '=', 'charge')
    .orderBy('at')
    .limit(2)
    .execute();
}, 240_000);
afterAll(async () => {
  await t.close();
  if (!isPeerClosed) await peer.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/customer-account/notes/send over SMTP', () => {
  it('refuses a send without a ticket and sends nothing', async () => {
    const res = await t.as(token).post('/api/customer-account/notes/send', form([]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'NO_TICKET_SELECTED',
      message: 'Aucun ticket sélectionné',
    });
    expect(peer.received).toHaveLength(0);
  });

  it('mails the notes’ PDF from the platform, Reply-To the user, with the content as plain text', async () => {
    expect(notes).toHaveLength(2);
    const res = await t.as(token).post('/api/customer-account/notes/send', form(notes.map((n) => n.id)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'success' });

    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toEqual(['client@example.fr']);
    expect(mail.from).not.toBe('demo@comptoir.test');
    expect(mail.raw).toMatch(/^Reply-To: demo@comptoir\.test\r?$/m);
    expect(mail.raw).toMatch(/^Subject: Votre addition\r?$/m);
    expect(mail.raw).not.toContain('text/html');
    expect(mail.raw).not.toContain('\u0007');

    const attachments = mailAttachments(mail.raw);
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['addition-mars.pdf', 'application/pdf'],
    ]);
    const pdf = attachments[0]!.bytes;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    const total = notes.reduce((s, n) => s - n.amount, 0);
    expect(text).toMatch(new RegExp(`Total TTC \\(2 notes\\)\\s+${euros(total)}`));
  });

  it('attaches one PDF per note when asked to', async () => {
    const before = peer.received.length;
    const res = await t
      .as(token)
      .post('/api/customer-account/notes/send', { ...form(notes.map((n) => n.id)), sendSeparateNote: true });
    expect(res.statusCode, res.body).toBe(200);
    const mail = peer.received[before]!;
    expect(mailAttachments(mail.raw).map((a) => a.filename)).toEqual([
      'addition-mars-1.pdf',
      'addition-mars-2.pdf',
    ]);
  });

  it('mails a tab ticket to the customer’s own address (cash closure)', async () => {
    const note = notes[0]!;
    await t.database.db
      .updateTable('customer_accounts')
      .set({ email: 'tab@example.fr' })
      .where('id', '=', note.customer_account_id)
      .execute();
    const before = peer.received.length;
    const result = await mailTabTicket(
      { db: t.database.db, files: t.app.files, config: t.config, mailer: t.app.mailer },
      {
        accountId: suite.accountId,
        customerAccountId: note.customer_account_id,
        companyId: note.company_id,
        operationIds: [note.id],
      },
    );
    expect(result?.status).toBe('sent');
    const mail = peer.received[before]!;
    expect(mail.to).toEqual(['tab@example.fr']);
    const [attachment] = mailAttachments(mail.raw);
    expect(await pdfText(attachment!.bytes)).toMatch(
      new RegExp(`Total de la note\\s+${euros(-note.amount)}`),
    );
  });

  it('answers 502 TICKET_MAIL_FAILED when the mail server cannot be reached', async () => {
    await peer.close();
    isPeerClosed = true;
    const res = await t.as(token).post('/api/customer-account/notes/send', form([notes[0]!.id]));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('TICKET_MAIL_FAILED');
  });
});
