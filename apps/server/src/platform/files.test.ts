import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, type FileStorage } from './files';

describe('local file storage', () => {
  let dataDir: string;
  let storage: FileStorage;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-files-'));
    storage = createLocalFileStorage(path.join(dataDir, 'files'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stores a file under <dataDir>/files and reads it back, with its size and SHA-256', async () => {
    const content = 'journal;journallib\nVE;Ventes\n';

    const stored = await storage.put('exports/2024/fec.txt', content);

    expect(stored).toEqual({
      key: 'exports/2024/fec.txt',
      size: Buffer.byteLength(content),
      sha256: crypto.createHash('sha256').update(content).digest('hex'),
    });
    expect(await storage.size('exports/2024/fec.txt')).toBe(Buffer.byteLength(content));
    expect((await storage.get('exports/2024/fec.txt')).toString()).toBe(content);
    expect(await storage.exists('exports/2024/fec.txt')).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'files', 'exports/2024'))).toEqual(['fec.txt']);
  });

  it('writes a stream and replaces an existing file', async () => {
    await storage.put('archives/a.csv', 'old');
    const stored = await storage.put(
      'archives/a.csv',
      Readable.from(['ligne 1\n', Buffer.from('ligne 2\n')]),
    );

    expect(stored.size).toBe(16);
    const stream = await storage.openReadStream('archives/a.csv');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('ligne 1\nligne 2\n');
  });

  it('removes a file, and removing it again is not an error', async () => {
    await storage.put('tmp/x.pdf', Buffer.from([1, 2, 3]));
    await storage.remove('tmp/x.pdf');
    await storage.remove('tmp/x.pdf');

    expect(await storage.exists('tmp/x.pdf')).toBe(false);
    await expect(storage.get('tmp/x.pdf')).rejects.toMatchObject({ statusCode: 404, code: 'FILE_NOT_FOUND' });
  });

  it.each([
    '../secret',
    'exports/../../etc/passwd',
    '/etc/passwd',
    'a\\..\\b',
    'a//b',
    '',
    '.hidden',
    'a/./b',
  ])('refuses the key %j, which could leave the storage root', async (key) => {
    await expect(storage.put(key, 'x')).rejects.toMatchObject({ statusCode: 400, code: 'INVALID_FILE_KEY' });
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'INVALID_FILE_KEY' });
    await expect(storage.exists(key)).rejects.toMatchObject({ code: 'INVALID_FILE_KEY' });
  });

  it('removes a folder of files, and sweeps expired files and old half-written ones', async () => {
    await storage.put('accounting-kept/c1/a.txt', 'a');
    await storage.put('accounting-kept/c2/b.txt', 'b');
    await storage.removeFolder('accounting-kept');
    expect(await storage.exists('accounting-kept/c1/a.txt')).toBe(false);

    await storage.put('customer-tickets/old/notes.pdf', 'old');
    await storage.put('customer-tickets/new/notes.pdf', 'new');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const folder = path.join(dataDir, 'files', 'customer-tickets');
    fs.utimesSync(path.join(folder, 'old', 'notes.pdf'), hourAgo, hourAgo);
    fs.writeFileSync(path.join(folder, 'new', 'notes.pdf.abc123.tmp'), 'cut short');
    fs.utimesSync(path.join(folder, 'new', 'notes.pdf.abc123.tmp'), hourAgo, hourAgo);

    const swept = await storage.sweep([{ folder: 'customer-tickets', maxAgeMs: 60 * 60 * 1000 }]);

    expect(swept).toEqual({ expired: 1, orphans: 1 });
    expect(await storage.exists('customer-tickets/old/notes.pdf')).toBe(false);
    expect(await storage.exists('customer-tickets/new/notes.pdf')).toBe(true);
    expect(fs.readdirSync(path.join(folder, 'new'))).toEqual(['notes.pdf']);
  });

  it('leaves nothing outside its root', () => {
    expect(fs.readdirSync(dataDir)).toEqual(['files']);
  });
});
