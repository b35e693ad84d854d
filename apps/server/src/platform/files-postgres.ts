import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { notFound } from './errors';
import { assertValidKey, type FileStorage, type FileSweep, type StoredFile } from './files';

/** A file's chunks are this long at most: a 100 MB archive goes in and out 1 MB at a time. */
export const CHUNK_BYTES = 1024 * 1024;

/** Chunks no file names (an upload cut short, a file replaced or removed) go once this old. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Yields the source's bytes in pieces of exactly `CHUNK_BYTES` (the last one shorter). */
async function* chunked(source: AsyncIterable<Buffer | string | Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    let bytes = typeof piece === 'string' ? Buffer.from(piece) : asBuffer(piece);
    while (length + bytes.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - length;
      pending.push(bytes.subarray(0, take));
      yield Buffer.concat(pending);
      bytes = bytes.subarray(take);
      pending = [];
      length = 0;
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      length += bytes.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}

/**
 * The file store in PostgreSQL (migration 037), for instances that share a database: any instance
 * serves any file and one backup holds them. A file is written as 1 MB chunks under a new upload id,
 * each committed as it comes (memory stays flat); the `stored_files` row naming them is written at
 * the end, in one transaction that also drops the chunks of the version it replaces, so a reader
 * sees the old file or the new one, never a part. A cut-short upload's chunks are swept later.
 */
export function createPostgresFileStorage(db: Db): FileStorage {
  async function findFile(key: string) {
    assertValidKey(key);
    return db
      .selectFrom('stored_files')
      .select(['upload_id', 'size', 'chunk_count'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async function requireFile(key: string) {
    const file = await findFile(key);
    if (!file) throw notFound('FILE_NOT_FOUND', `Fichier introuvable : ${key}`);
    return file;
  }

  async function readChunk(uploadId: string, seq: number, key: string): Promise<Buffer> {
    const row = await db
      .selectFrom('stored_file_chunks')
      .select('data')
      .where('upload_id', '=', uploadId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    // Replaced or removed while it was read: the reader gets an error, never a mix of two files.
    if (!row) throw notFound('FILE_NOT_FOUND', `Fichier introuvable : ${key}`);
    return asBuffer(row.data);
  }

  return {
    async put(key, data) {
      assertValidKey(key);
      const uploadId = crypto.randomUUID();
      const hash = crypto.createHash('sha256');
      let size = 0;
      let seq = 0;
      const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
      for await (const chunk of chunked(source)) {
        await db.insertInto('stored_file_chunks').values({ upload_id: uploadId, seq, data: chunk }).execute();
        hash.update(chunk);
        size += chunk.length;
        seq += 1;
      }
      const sha256 = hash.digest('hex');
      await db.transaction().execute(async (trx) => {
        const previous = await trx
          .selectFrom('stored_files')
          .select('upload_id')
          .where('key', '=', key)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('stored_files')
          .values({ key, upload_id: uploadId, size, chunk_count: seq, sha256, created_at: new Date() })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              upload_id: uploadId,
              size,
              chunk_count: seq,
              sha256,
              created_at: new Date(),
            }),
          )
          .execute();
        if (previous) {
          await trx.deleteFrom('stored_file_chunks').where('upload_id', '=', previous.upload_id).execute();
        }
      });
      return { key, size, sha256 } satisfies StoredFile;
    },

    async get(key) {
      const file = await requireFile(key);
      const chunks: Buffer[] = [];
      for (let seq = 0; seq < file.chunk_count; seq += 1)
        chunks.push(await readChunk(file.upload_id, seq, key));
      return Buffer.concat(chunks, Number(file.size));
    },

    async openReadStream(key) {
      const file = await requireFile(key);
      return Readable.from(
        (async function* () {
          for (let seq = 0; seq < file.chunk_count; seq += 1) yield await readChunk(file.upload_id, seq, key);
        })(),
        { objectMode: false },
      );
    },

    async size(key) {
      return Number((await requireFile(key)).size);
    },

    async exists(key) {
      return (await findFile(key)) !== undefined;
    },

    async remove(key) {
      assertValidKey(key);
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('stored_files')
          .where('key', '=', key)
          .returning('upload_id')
          .executeTakeFirst();
        if (removed) {
          await trx.deleteFrom('stored_file_chunks').where('upload_id', '=', removed.upload_id).execute();
        }
      });
    },

    async removeFolder(folder) {
      assertValidKey(folder);
      const prefix = `${folder.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('stored_files')
          .where('key', 'like', prefix)
          .returning('upload_id')
          .execute();
        const uploads = removed.map((r) => r.upload_id);
        if (uploads.length > 0) {
          await trx.deleteFrom('stored_file_chunks').where('upload_id', 'in', uploads).execute();
        }
      });
    },

    async sweep(rules, now = new Date()) {
      const swept: FileSweep = { expired: 0, orphans: 0 };
      for (const rule of rules) {
        assertValidKey(rule.folder);
        const prefix = `${rule.folder.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
        const cutoff = new Date(now.getTime() - rule.maxAgeMs);
        const expired = await db
          .deleteFrom('stored_files')
          .where('key', 'like', prefix)
          .where('created_at', '<', cutoff)
          .returning('key')
          .execute();
        swept.expired += expired.length;
      }
      // Chunks no file names, of uploads that have written nothing for the grace period.
      const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MS);
      const orphans = await db
        .deleteFrom('stored_file_chunks')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('stored_files as f')
                .select(sql`1`.as('one'))
                .whereRef('f.upload_id', '=', 'stored_file_chunks.upload_id'),
            ),
          ),
        )
        .where(
          'upload_id',
          'in',
          db
            .selectFrom('stored_file_chunks')
            .select('upload_id')
            .groupBy('upload_id')
            .having((eb) => eb.fn.max('created_at'), '<', cutoff),
        )
        .returning('upload_id')
        .execute();
      swept.orphans += new Set(orphans.map((o) => o.upload_id)).size;
      return swept;
    },
  };
}
