import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase, startSmtpPeer } from '../test-helpers';
import { createMailer, listOutbox } from './mail';

describe('mailer', () => {
  let database: DatabaseHandle;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let tmp: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    peer = await startSmtpPeer();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-mail-'));
  });
  afterAll(async () => {
    await peer.close();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.deleteFrom('mail_outbox').execute();
    peer.received.length = 0;
  });

  it('delivers through SMTP with recipient, subject, body and attachment, and marks the message sent', async () => {
    const csv = path.join(tmp, 'export-ventes.csv');
    fs.writeFileSync(csv, 'ETABLISSEMENT;TTC\nLe Zinc;12.50\n');
    const mailer = createMailer(
      { smtpUrl: peer.url, mailFrom: 'Comptoir <export@comptoir.test>' },
      database.db,
    );

    const result = await mailer.send({
      to: 'gerant@le-zinc.test',
      replyTo: 'compta@le-zinc.test',
      subject: 'Export des lignes de ventes',
      text: 'Bonjour, votre export est en piece jointe.',
      html: '<p>Bonjour, votre export est en piece jointe.</p>',
      attachments: [{ filename: 'export-ventes.csv', path: csv }],
    });
    mailer.close();

    expect(result.status).toBe('sent');
    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.from).toBe('export@comptoir.test');
    expect(mail.to).toEqual(['gerant@le-zinc.test']);
    expect(mail.raw).toMatch(/^Subject: Export des lignes de ventes\r?$/m);
    expect(mail.raw).toMatch(/^To: gerant@le-zinc\.test\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: compta@le-zinc\.test\r?$/m);
    expect(mail.raw).toContain('Bonjour, votre export est en piece jointe.');
    expect(mail.raw).toContain('filename=export-ventes.csv');
    expect(mail.raw).toContain(Buffer.from('ETABLISSEMENT;TTC\nLe Zinc;12.50\n').toString('base64'));

    const [row] = await listOutbox(database.db, 10);
    expect(row).toMatchObject({
      id: result.id,
      status: 'sent',
      to_address: 'gerant@le-zinc.test',
      subject: 'Export des lignes de ventes',
      attachments: [{ filename: 'export-ventes.csv', path: csv }],
      error: null,
    });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });

  it('keeps the message in the outbox, stored, when no SMTP server is configured', async () => {
    const mailer = createMailer({ smtpUrl: undefined }, database.db);

    const result = await mailer.send({ to: 'inspecteur@dgfip.test', subject: 'Accès', text: 'Votre jeton' });

    expect(result.status).toBe('stored');
    expect(peer.received).toHaveLength(0);
    const rows = await listOutbox(database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'stored', text: 'Votre jeton', html: null, sent_at: null });
  });

  it('records a refused delivery as failed with the reason, without throwing', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), {
          responseCode: 550,
        });
        callback(error);
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, database.db);

    try {
      const result = await mailer.send({ to: 'nobody@le-zinc.test', subject: 'Ticket', text: 'Votre note' });

      expect(result.status).toBe('failed');
      expect(result.error).toContain('Mailbox nobody@le-zinc.test unavailable');
      expect(result.error).not.toContain('\n');
      const [row] = await listOutbox(database.db, 1);
      expect(row).toMatchObject({ status: 'failed', error: result.error, sent_at: null });
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('lists the outbox newest first, within the limit', async () => {
    const mailer = createMailer({ smtpUrl: undefined }, database.db);
    for (const subject of ['premier', 'deuxième', 'troisième']) {
      await mailer.send({ to: 'a@b.test', subject, text: subject });
    }
    const rows = await listOutbox(database.db, 2);
    expect(rows.map((r) => r.subject)).toEqual(['troisième', 'deuxième']);
  });
});
