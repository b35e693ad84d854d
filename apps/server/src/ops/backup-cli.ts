import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { opsToken, restoreBackup, writeBackup } from '../platform/backup';
import { loadServerKey } from '../platform/server-key';
import { loadConfig } from '../platform/config';

// `npm run backup [-- <directory>]` and `npm run restore -- <directory>` (issue 33, part 6; README,
// "Backups"). PostgreSQL: pg_dump / pg_restore of DATABASE_URL. PGlite: the running server writes
// the snapshot itself (POST /api/ops/backup, from this machine); a stopped one's data directory is
// read here. A restore goes into an empty DATA_DIR or database, never over data.

const config = loadConfig();
const [command, argument] = process.argv.slice(2);
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
// npm runs the script in apps/server: a relative directory is the caller's.
const fromCaller = (dir: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);

async function backup(): Promise<void> {
  const dest = argument ? fromCaller(argument) : path.join(config.dataDir, 'backups', stamp());
  if (!config.databaseUrl) {
    const served = await askRunningServer(dest);
    if (served) return;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    const manifest = await writeBackup(database, {
      dataDir: config.dataDir,
      dest,
      databaseUrl: config.databaseUrl,
    });
    console.log(
      `backup written to ${dest} (${Object.keys(manifest.files).length} files, ${manifest.engine})`,
    );
  } finally {
    await database.close();
  }
}

/**
 * A running PGlite server holds its database: it writes the snapshot under DATA_DIR/backups, moved
 * to `dest` then. False when no server answers.
 */
async function askRunningServer(dest: string): Promise<boolean> {
  const name = `backup-${stamp()}`;
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${config.port}/api/ops/backup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-comptoir-ops-token': opsToken(loadServerKey(config)),
      },
      body: JSON.stringify({ name }),
    });
  } catch {
    return false;
  }
  const body = (await res.json()) as { dest?: string; files?: number; error?: { message: string } };
  if (!res.ok || !body.dest)
    throw new Error(`the running server refused the backup: ${body.error?.message ?? res.status}`);
  if (body.dest !== dest) {
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.cpSync(body.dest, dest, { recursive: true, errorOnExist: true, force: false });
    fs.rmSync(body.dest, { recursive: true, force: true });
  }
  console.log(`backup written by the running server to ${dest} (${body.files} files)`);
  return true;
}

async function restore(): Promise<void> {
  if (!argument) throw new Error('npm run restore -- <backup directory>');
  const source = fromCaller(argument);
  if (!fs.existsSync(path.join(source, 'manifest.json'))) throw new Error(`${source} holds no manifest.json`);
  const manifest = await restoreBackup(
    source,
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  console.log(
    `restored the backup of ${manifest.createdAt} (${manifest.engine}, release ${manifest.version}); ` +
      'start the server with the deployment’s signing key (SERVER_SIGNING_KEY_FILE)',
  );
}

try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore();
  else throw new Error('usage: backup-cli.ts backup [dir] | restore <dir>');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
