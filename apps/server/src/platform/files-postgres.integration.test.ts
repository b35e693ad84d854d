import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../test-helpers';
import type { FileStorage } from './files';
import { CHUNK_BYTES, createPostgresFileStorage, ORPHAN_GRACE_MS } from './files-postgres';

/** Bytes that differ from one chunk to the next, so a chunk read out of order shows. */
function bytes(length: number, seed: string): Buffer {
  const out = Buffer.alloc(length);
  for (let at = 0, n = 0; at < length; n += 1) {
    at += crypto.createHash('sha256').update(`${seed}${n}`).digest().copy(out, at);
  }
  return out;
}

async function readAll(stream: Readable): Promise<{ data: Buffer; largestPiece: number }> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return { data: Buffer.concat(pieces), largestPiece: Math.max(0, ...pieces.map((p) => p.length)) };
}

describe('the file store in PostgreSQL (the engine under test)', () => {
  let database: DatabaseHandle;
  let files: FileStorage;

  beforeAll(async () => {
    database = await openTestDatabase();
    files = createPostgresFileStorage(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.deleteFrom('stored_files').execute();
    await database.db.deleteFrom('stored_file_chunks').execute();
  });

  it('keeps a file of several chunks and gives it back whole, streamed a chunk at a time', async () => {
    const content = bytes(2 * CHUNK_BYTES + 12_345, 'archive');
    const pieces = Array.from({ length: Math.ceil(content.length / 70_000) }, (_, i) =>
      content.subarray(i * 70_000, (i + 1) * 70_000),
    );

    const stored = await files.put('archives/2026/a.csv', Readable.from(pieces));

    expect(stored).toEqual({
      key: 'archives/2026/a.csv',
      size: content.length,
      sha256: crypto.createHash('sha256').update(content).digest('hex'),
    });
    const chunks = await database.db.selectFrom('stored_file_chunks').select('seq').execute();
    expect(chunks.map((c) => c.seq).sort()).toEqual([0, 1, 2]);
    expect(await files.size('archives/2026/a.csv')).toBe(content.length);
    expect((await files.get('archives/2026/a.csv')).equals(content)).toBe(true);
    const read = await readAll(await files.openReadStream('archives/2026/a.csv'));
    expect(read.data.equals(content)).toBe(true);
    expect(read.largestPiece).toBeLessThanOrEqual(CHUNK_BYTES);
  });

  it('keeps an empty file and a text', async () => {
    await files.put('exports/empty.csv', '');
    await files.put('exports/text.txt', 'journal;ventes\n');

    expect((await files.get('exports/empty.csv')).length).toBe(0);
    expect((await files.get('exports/text.txt')).toString()).toBe('journal;ventes\n');
  });

  it('never serves a file whose writing failed half-way, and sweeps its chunks once they are old', async () => {
    await files.put('exports/x.csv', 'the previous version');
    const failing = Readable.from(
      (function* () {
        yield bytes(CHUNK_BYTES + 10, 'part');
        throw new Error('the export job died');
      })(),
    );

    await expect(files.put('exports/x.csv', failing)).rejects.toThrow('the export job died');

    expect((await files.get('exports/x.csv')).toString()).toBe('the previous version');
    expect(await files.exists('exports/y.csv')).toBe(false);
    expect(await files.sweep([])).toEqual({ expired: 0, orphans: 0 });
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await files.sweep([], later)).toEqual({ expired: 0, orphans: 1 });
    const left = await database.db.selectFrom('stored_file_chunks').select('upload_id').execute();
    expect(left).toHaveLength(1);
  });

  it('replaces a file at once and drops the chunks of the version it replaces', async () => {
    await files.put('accounting-kept/c/m.txt', bytes(CHUNK_BYTES + 1, 'old'));
    await files.put('accounting-kept/c/m.txt', 'new');

    expect((await files.get('accounting-kept/c/m.txt')).toString()).toBe('new');
    const chunks = await database.db.selectFrom('stored_file_chunks').select('seq').execute();
    expect(chunks).toHaveLength(1);
  });

  it('removes a file, a folder of files, and files past their folder rule', async () => {
    await files.put('customer-tickets/a/notes.pdf', 'a');
    await files.put('customer-tickets/b/notes.pdf', 'b');
    await files.put('accounting-kept/c1/m.txt', 'm');
    await files.put('accounting-kept/c2/m.txt', 'm');
    await files.put('accounting-kept_other/m.txt', 'kept: another folder');

    await files.remove('customer-tickets/a/notes.pdf');
    await files.remove('customer-tickets/a/notes.pdf');
    await files.removeFolder('accounting-kept');

    expect(await files.exists('customer-tickets/a/notes.pdf')).toBe(false);
    await expect(files.get('customer-tickets/a/notes.pdf')).rejects.toMatchObject({
      statusCode: 404,
      code: 'FILE_NOT_FOUND',
    });
    expect(await files.exists('accounting-kept/c1/m.txt')).toBe(false);
    expect(await files.exists('accounting-kept_other/m.txt')).toBe(true);

    const inAMonth = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const swept = await files.sweep(
      [{ folder: 'customer-tickets', maxAgeMs: 30 * 24 * 60 * 60 * 1000 }],
      inAMonth,
    );

    expect(swept).toEqual({ expired: 1, orphans: 1 });
    expect(await files.exists('customer-tickets/b/notes.pdf')).toBe(false);
    expect(await files.exists('accounting-kept_other/m.txt')).toBe(true);
    const chunks = await database.db.selectFrom('stored_file_chunks').select('upload_id').execute();
    expect(chunks).toHaveLength(1);
  });

  it('refuses a key that is not a relative path of safe names', async () => {
    await expect(files.put('../secret', 'x')).rejects.toMatchObject({
      statusCode: 400,
      code: 'INVALID_FILE_KEY',
    });
    await expect(files.exists('a//b')).rejects.toMatchObject({ code: 'INVALID_FILE_KEY' });
  });
});
