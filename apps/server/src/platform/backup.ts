import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../db/database';
import { durablePGliteOptions } from '../db/pglite-durable-fs';
import type { ServerKey } from './server-key';
import { SERVER_VERSION } from './version';

/**
 * Backups (issue 33, part 6). One backup is a directory holding everything a deployment needs
 * besides its secrets: the database and the file store.
 * - PGlite: the data directory dumped by the running server between two statements (a consistent
 *   snapshot without stopping it), and a copy of `DATA_DIR/files`.
 * - PostgreSQL: `pg_dump --format=custom`; the file store lives in the database, so it is inside.
 * `manifest.json` names the engine, the release, the migrations and each file's SHA-256; a restore
 * checks them first. The signing key is not in a backup: it is the deployment's configuration
 * (SERVER_SIGNING_KEY_FILE), kept apart, and a restored database refuses another key.
 */

const run = promisify(execFile);

/**
 * What `POST /api/ops/backup` asks besides coming from the server's machine: a token derived from
 * the signing key, which `npm run backup` derives from the same configuration. No one without the
 * deployment's key (tests and probes included) makes the server write a backup.
 */
export function opsToken(serverKey: Pick<ServerKey, 'derive'>): string {
  return Buffer.from(serverKey.derive('comptoir/ops-token/v1')).toString('base64url');
}

export interface BackupManifest {
  format: 'comptoir-backup/v1';
  engine: DatabaseHandle['engine'];
  createdAt: string;
  version: string;
  migrations: number;
  /** Path inside the backup → SHA-256 (hex). */
  files: Record<string, string>;
}

const PGLITE_DUMP = 'database.tar';
const POSTGRES_DUMP = 'database.pgdump';
const FILES_DIR = 'files';

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    // A write in progress (`*.tmp`) is no file yet.
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(rel);
  }
  return out;
}

/** Writes a backup of the database (and, on PGlite, of `dataDir/files`) into `dest`, a new directory. */
export async function writeBackup(
  database: DatabaseHandle,
  options: { dataDir: string; dest: string; databaseUrl?: string | undefined },
): Promise<BackupManifest> {
  const { dest } = options;
  if (fs.existsSync(dest) && (await fsp.readdir(dest)).length > 0) {
    throw new Error(`${dest} is not empty: a backup goes into a new directory`);
  }
  await fsp.mkdir(dest, { recursive: true });
  const parts: string[] = [];
  if (database.engine === 'pglite') {
    if (!database.dumpDataDir) throw new Error('this PGlite handle cannot dump its data directory');
    // Between two statements: the dump is the database at one instant.
    const tarball = await database.dumpDataDir();
    await fsp.writeFile(path.join(dest, PGLITE_DUMP), Buffer.from(await tarball.arrayBuffer()));
    parts.push(PGLITE_DUMP);
    // Files after the database: every file a dumped row names was written before it.
    const source = path.join(options.dataDir, FILES_DIR);
    for (const rel of await listFiles(source)) {
      const target = path.join(dest, FILES_DIR, rel);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.copyFile(path.join(source, rel), target);
      parts.push(path.join(FILES_DIR, rel));
    }
  } else {
    if (!options.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(dest, POSTGRES_DUMP)}`,
      options.databaseUrl,
    ]);
    parts.push(POSTGRES_DUMP);
  }
  const manifest: BackupManifest = {
    format: 'comptoir-backup/v1',
    engine: database.engine,
    createdAt: new Date().toISOString(),
    version: SERVER_VERSION,
    migrations: database.migrations,
    files: Object.fromEntries(
      await Promise.all(parts.map(async (p) => [p, await sha256(path.join(dest, p))])),
    ),
  };
  await fsp.writeFile(path.join(dest, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads a backup's manifest and checks every file it lists against its SHA-256. */
export async function readBackup(source: string): Promise<BackupManifest> {
  const manifest = JSON.parse(
    await fsp.readFile(path.join(source, 'manifest.json'), 'utf8'),
  ) as BackupManifest;
  if (manifest.format !== 'comptoir-backup/v1') throw new Error(`${source}: not a Comptoir backup`);
  for (const [rel, expected] of Object.entries(manifest.files)) {
    const found = await sha256(path.join(source, rel));
    if (found !== expected) throw new Error(`${source}: ${rel} does not match its SHA-256 (damaged backup)`);
  }
  return manifest;
}

/**
 * Restores a backup into an empty target: PGlite, a data directory that holds no database yet (and
 * its `files`); PostgreSQL, an empty database (`pg_restore`). Never over existing data.
 */
export async function restoreBackup(
  source: string,
  target: { dataDir: string } | { databaseUrl: string },
): Promise<BackupManifest> {
  const manifest = await readBackup(source);
  if ('dataDir' in target) {
    if (manifest.engine !== 'pglite')
      throw new Error('a PostgreSQL backup restores into PostgreSQL (DATABASE_URL)');
    const dbDir = path.join(target.dataDir, 'db');
    if (fs.existsSync(dbDir) && (await fsp.readdir(dbDir)).length > 0) {
      throw new Error(`${dbDir} already holds a database: restore into a new DATA_DIR`);
    }
    await fsp.mkdir(path.dirname(dbDir), { recursive: true });
    const tarball = new Blob([await fsp.readFile(path.join(source, PGLITE_DUMP))]);
    const pglite = await PGlite.create({ ...durablePGliteOptions(dbDir), loadDataDir: tarball });
    await pglite.close();
    for (const rel of Object.keys(manifest.files).filter((p) => p.startsWith(`${FILES_DIR}${path.sep}`))) {
      const to = path.join(target.dataDir, rel);
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.copyFile(path.join(source, rel), to);
    }
  } else {
    if (manifest.engine !== 'postgres') throw new Error('a PGlite backup restores into a DATA_DIR');
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      path.join(source, POSTGRES_DUMP),
    ]);
  }
  return manifest;
}
