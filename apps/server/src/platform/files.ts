import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, badRequest, notFound } from './errors';
import { sweepTmpFiles } from './tmp-sweep';

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

/** A retention rule: files under `folder` (a key prefix, `customer-tickets`) go once `maxAgeMs` old. */
export interface RetentionRule {
  folder: string;
  maxAgeMs: number;
}

/** What a sweep removed: files past their folder's rule, and orphans (a cut-short write's leftovers). */
export interface FileSweep {
  expired: number;
  orphans: number;
}

/**
 * Where exports, archives, ticket PDFs and kept accounting months live. Keys are relative POSIX
 * paths (`exports/2024/fec-123.txt`), the same on both implementations: the local disk
 * (`<dataDir>/files`, PGlite) and PostgreSQL (`files-postgres.ts`, when `DATABASE_URL` is set), so
 * that every instance serves every file. Nothing else in the server writes under `DATA_DIR/files`.
 */
export interface FileStorage {
  /** Writes the whole file, then makes it visible under `key` (replacing any previous one). */
  put(key: string, data: Buffer | Uint8Array | string | Readable): Promise<StoredFile>;
  get(key: string): Promise<Buffer>;
  openReadStream(key: string): Promise<Readable>;
  /** The file's length in bytes (404 FILE_NOT_FOUND when missing). */
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `folder/`. */
  removeFolder(folder: string): Promise<void>;
  /** Removes the files past their folder's rule and the orphans; safe on several instances at once. */
  sweep(rules: readonly RetentionRule[], now?: Date): Promise<FileSweep>;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Refuses keys that could leave the storage root: `..`, absolute paths, backslashes, hidden files. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || !segments.every((s) => SEGMENT.test(s) && s !== '..')) {
    throw badRequest('INVALID_FILE_KEY', `Nom de fichier invalide : ${JSON.stringify(key.slice(0, 80))}`);
  }
}

export function createLocalFileStorage(root: string): FileStorage {
  const base = path.resolve(root);

  function resolve(key: string): string {
    assertValidKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw badRequest('INVALID_FILE_KEY', 'Nom de fichier invalide.');
    return full;
  }

  function missing(key: string, err: unknown): never {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw notFound('FILE_NOT_FOUND', `Fichier introuvable : ${key}`);
    }
    throw err;
  }

  return {
    async put(key, data) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      const hash = crypto.createHash('sha256');
      let size = 0;
      const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Buffer | string>) {
            for await (const chunk of chunks) {
              const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
              hash.update(bytes);
              size += bytes.length;
              yield bytes;
            }
          },
          fs.createWriteStream(tmp),
        );
        // Archives and exports must survive a crash once acknowledged: sync, then rename.
        const handle = await fsp.open(tmp, 'r+');
        await handle.sync().finally(() => handle.close());
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    async get(key) {
      return fsp.readFile(resolve(key)).catch((err: unknown) => missing(key, err));
    },

    async openReadStream(key) {
      const full = resolve(key);
      const handle = await fsp.open(full, 'r').catch((err: unknown) => missing(key, err));
      return handle.createReadStream();
    },

    async size(key) {
      const stat = await fsp.stat(resolve(key)).catch((err: unknown) => missing(key, err));
      return stat.size;
    },

    async exists(key) {
      try {
        return (await fsp.stat(resolve(key))).isFile();
      } catch (err) {
        if (err instanceof AppError) throw err;
        return false;
      }
    },

    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },

    async removeFolder(folder) {
      await fsp.rm(resolve(folder), { recursive: true, force: true });
    },

    async sweep(rules, now = new Date()) {
      const swept: FileSweep = { expired: 0, orphans: 0 };
      for (const rule of rules) {
        const cutoff = now.getTime() - rule.maxAgeMs;
        for (const file of await filesUnder(resolve(rule.folder))) {
          if (file.endsWith('.tmp') || (await fsp.stat(file)).mtimeMs >= cutoff) continue;
          await fsp.rm(file, { force: true });
          swept.expired += 1;
        }
      }
      // A write cut short by a crash leaves its `.tmp` file, swept as at start once an hour old.
      swept.orphans = (await sweepTmpFiles(base, { now })).length;
      return swept;
    },
  };
}

/** Every file under a directory, at any depth; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A file written as a stream while its content is produced (exports, archives). */
export interface StorageStream {
  /** What the producer writes to; `end()` it once everything is written. */
  output: PassThrough;
  /** Settles once the storage has the whole file. */
  stored: Promise<StoredFile>;
  /** Throws the storage's error once it has failed (checked between batches). */
  throwIfFailed(): void;
  /** Destroys the stream with the producer's error and waits for the storage to give up. */
  abort(err: unknown): Promise<void>;
}

export function openStorageStream(files: FileStorage, key: string): StorageStream {
  const output = new PassThrough();
  const stored = files.put(key, output);
  let storeError: unknown = null;
  stored.catch((err: unknown) => (storeError = err));
  return {
    output,
    stored,
    throwIfFailed() {
      if (storeError) throw storeError;
    },
    async abort(err) {
      output.destroy(err instanceof Error ? err : new Error(String(err)));
      await stored.catch(() => undefined);
    },
  };
}
