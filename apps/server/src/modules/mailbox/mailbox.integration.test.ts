import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';

let t: TestApp;
let tmp: string;
let staffToken: string;
let holderToken: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-mailbox-'));
  t = await buildTestApp({ dataDir: tmp });
  const { accountId } = await createAccount(t.database.db);
  const staff = await createTestUser(t.database.db, { accountId: null, role: 'staff' });
  const holder = await createTestUser(t.database.db, { accountId, groups: ['export_product_lines'] });
  staffToken = (await signInAs(t, staff.email)).accessToken;
  holderToken = (await signInAs(t, holder.email)).accessToken;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.deleteFrom('mail_outbox').execute();
});

async function sendWithAttachment(subject: string) {
  const file = path.join(tmp, 'export-ventes-été.csv');
  fs.writeFileSync(file, 'ETABLISSEMENT;TTC\nLe Zinc;12.50\n');
  return t.app.mailer.send({
    to: 'gerant@le-zinc.test',
    subject,
    text: 'Bonjour, votre export est en pièce jointe.',
    html: '<p>Bonjour, votre export est en <b>pièce jointe</b>.</p>',
    attachments: [{ filename: 'export-ventes-été.csv', path: file }],
  });
}

describe('dev mailbox', () => {
  it('lists the outbox newest first to support staff, with recipient, subject, status and attachment names', async () => {
    await t.app.mailer.send({ to: 'inspecteur@dgfip.test', subject: 'Accès', text: 'Votre jeton' });
    await sendWithAttachment('Export des ventes');

    const res = await t.as(staffToken).get('/api/dev/mailbox');

    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Export des ventes', 'Accès']);
    expect(messages[0]).toMatchObject({
      to: 'gerant@le-zinc.test',
      status: 'stored',
      attachments: [{ index: 0, filename: 'export-ventes-été.csv' }],
    });
    expect(Date.parse(messages[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(messages[1].attachments).toEqual([]);
  });

  it('shows one message with its text and HTML bodies', async () => {
    const { id } = await sendWithAttachment('Export des ventes');

    const res = await t.as(staffToken).get(`/api/dev/mailbox/${id}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      subject: 'Export des ventes',
      text: 'Bonjour, votre export est en pièce jointe.',
      html: '<p>Bonjour, votre export est en <b>pièce jointe</b>.</p>',
      reply_to: null,
      error: null,
      sent_at: null,
    });
  });

  it('downloads an attachment with its file name and type', async () => {
    const { id } = await sendWithAttachment('Export des ventes');

    const res = await t.as(staffToken).get(`/api/dev/mailbox/${id}/attachments/0`);

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ETABLISSEMENT;TTC\nLe Zinc;12.50\n');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="export-ventes-_t_.csv"; filename*=UTF-8''export-ventes-%C3%A9t%C3%A9.csv`,
    );
  });

  it('answers 404 for an unknown message or attachment', async () => {
    const { id } = await sendWithAttachment('Export des ventes');

    const unknownMail = await t.as(staffToken).get('/api/dev/mailbox/8d1c5ac3-1b4e-4d8e-9a53-2a4f4f1e4b0c');
    const unknownAttachment = await t.as(staffToken).get(`/api/dev/mailbox/${id}/attachments/1`);

    expect(unknownMail.statusCode).toBe(404);
    expect(unknownMail.json().error.code).toBe('MAIL_NOT_FOUND');
    expect(unknownAttachment.statusCode).toBe(404);
    expect(unknownAttachment.json().error.code).toBe('ATTACHMENT_NOT_FOUND');
  });

  it('refuses every mailbox route to a user who is not support staff with 403 STAFF_ONLY', async () => {
    const { id } = await sendWithAttachment('Export des ventes');

    for (const url of [
      '/api/dev/mailbox',
      `/api/dev/mailbox/${id}`,
      `/api/dev/mailbox/${id}/attachments/0`,
    ]) {
      const res = await t.as(holderToken).get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('STAFF_ONLY');
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(401);
  });
});
