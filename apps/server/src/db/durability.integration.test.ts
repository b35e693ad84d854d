import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database';
import { pgliteTemplate } from '../testing/database-templates';

const childScript = fileURLToPath(new URL('./durability-child.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A migrated database in `pgliteDir`, written from the test template instead of initdb and migrations. */
async function seedDir(pgliteDir: string): Promise<void> {
  const { close } = await openDatabase({ pgliteDir, loadDataDir: await pgliteTemplate() });
  await close();
}

/** Runs the child until it prints "committed", then kills it with SIGKILL: no shutdown, no flush. */
function commitThenKill(pgliteDir: string, marker: string, mode = 'sync-commit'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, pgliteDir, marker, mode], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let hasCommitted = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!hasCommitted && stdout.split('\n').includes('committed')) {
        hasCommitted = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (hasCommitted && signal === 'SIGKILL') resolve();
      else reject(new Error(`child ended before committing (code ${code}, signal ${signal}):\n${stderr}`));
    });
  });
}

async function markersIn(pgliteDir: string): Promise<string[]> {
  const { db, close } = await openDatabase({ pgliteDir });
  try {
    const rows = await db.selectFrom('jobs').select('payload').where('queue', '=', 'durability').execute();
    return rows.map((r) => (r.payload as { marker: string }).marker);
  } finally {
    await close();
  }
}

describe('PGlite durability', () => {
  let tmp: string;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-durability-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('keeps an acknowledged commit when the process is killed right after it', async () => {
    const dir = path.join(tmp, 'killed');
    const marker = crypto.randomUUID();
    await seedDir(dir);

    await commitThenKill(dir, marker);

    expect(await markersIn(dir)).toEqual([marker]);
  }, 120_000);

  // The control: the same kill does lose a commit that was acknowledged before reaching the files.
  it('would catch a lost write: with synchronous_commit off the killed commit is gone', async () => {
    const dir = path.join(tmp, 'async');
    const marker = crypto.randomUUID();
    await seedDir(dir);

    await commitThenKill(dir, marker, 'async-commit');

    expect(await markersIn(dir)).toEqual([]);
  }, 120_000);

  it('runs with fsync on and syncs the WAL to disk before a commit returns', async () => {
    const { db, close } = await openDatabase({
      pgliteDir: path.join(tmp, 'fsync'),
      loadDataDir: await pgliteTemplate(),
    });
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      const settings = await sql<{ name: string; setting: string }>`
        select name, setting from pg_settings
        where name in ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes')
        order by name`.execute(db);
      expect(Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]))).toEqual({
        fsync: 'on',
        full_page_writes: 'on',
        synchronous_commit: 'on',
        wal_sync_method: 'fsync',
      });

      fsync.mockClear();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('jobs').values({ queue: 'durability', payload: '{}' }).execute();
        expect(fsync).not.toHaveBeenCalled();
      });
      expect(fsync).toHaveBeenCalled();
    } finally {
      fsync.mockRestore();
      await close();
    }
    // Opening a PGlite from its template: a minute on a loaded machine, as its neighbours allow.
  }, 120_000);
});
