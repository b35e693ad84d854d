import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { buildTestApp, openTestDatabase, startSmtpPeer } from '../test-helpers';
import { createFileStorage } from './file-store';
import type { FileStorage } from './files';
import { createMailer, listOutbox } from './mail';

/** Mail attaches a stored file by its key: the store of the engine under test, read when it is sent. */
describe('mail attachments from the file store', () => {
  let database: DatabaseHandle;
  let files: FileStorage;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-mail-files-'));
    files = createFileStorage({ dataDir }, database);
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the stored file by its key and records the key, not a path, on the outbox row', async () => {
    const key = 'customer-tickets/7c9e6679-7425-40de-944b-e07fc1f90ae7/notes_Dupont_2026-03-14.pdf';
    await files.put(key, '%PDF-1.7 notes de Dupont');
    const mailer = createMailer({ smtpUrl: peer.url }, database.db, files);

    const result = await mailer.send({
      to: 'client@example.test',
      subject: 'Vos notes',
      text: 'Bonjour, vos notes sont en pièce jointe.',
      attachments: [{ filename: 'notes_Dupont_2026-03-14.pdf', key }],
    });
    mailer.close();

    expect(result.status).toBe('sent');
    expect(peer.received.at(-1)!.raw).toContain(Buffer.from('%PDF-1.7 notes de Dupont').toString('base64'));
    const [row] = await listOutbox(database.db, 1);
    expect(row!.attachments).toEqual([{ filename: 'notes_Dupont_2026-03-14.pdf', key }]);
    const onDisk = fs.existsSync(path.join(dataDir, 'files', key));
    expect(onDisk).toBe(database.engine === 'pglite');
  });

  it("the app's mailer reads an attachment from the app's own file store", async () => {
    const t = await buildTestApp({ smtpUrl: peer.url, dataDir });
    try {
      const key = 'exports/customer-accounts/0b6f1f52-2a3c-4f0e-9d3e-52b8f6a4a001.xlsx';
      await t.app.files.put(key, 'classeur des clients');

      const result = await t.app.mailer.send({
        to: 'gerant@example.test',
        subject: 'Votre export',
        text: 'Bonjour, votre export est en pièce jointe.',
        attachments: [{ filename: 'clients.xlsx', key }],
      });

      expect(result.status).toBe('sent');
      expect(peer.received.at(-1)!.raw).toContain(Buffer.from('classeur des clients').toString('base64'));
    } finally {
      await t.close();
    }
  });
});
