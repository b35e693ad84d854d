import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignatureCheckStatus, SignedRecord } from '@comptoir/contracts';
import { ChainWriter } from '@comptoir/fiscal';
import { openDatabase, type DatabaseHandle } from '../db/database';
import {
  buildTestAppOn,
  createTestTenant,
  enrolRegister,
  oneLineOrder,
  openTestDatabase,
  signInAs,
  type TestApp,
  type TestRegister,
  type TestTenant,
} from '../test-helpers';
import { checkSignatures, newServerKeyFile, tempDirs } from '../testing/deployment';
import { sharedTestDatabase, type SharedTestDatabase } from '../testing/instances';
import { opsToken, readBackup, restoreBackup, writeBackup } from './backup';

// Issue 33, part 6: a backup restored into another data directory (or database) holds every record
// acknowledged before it, checks with 0 defects, and lets a register continue its chain.

const DAY = '2026-03-10';
const dirs = tempDirs('backup');
const tempDir = dirs.make;
const serverSigningKeyFile = newServerKeyFile(tempDir());

let source: SharedTestDatabase | null;
let target: SharedTestDatabase | null;
let t: TestApp;
let tenant: TestTenant;
let register: TestRegister;
let chain: ChainWriter<'order'>;
const dataDir = tempDir();
let third: SignedRecord;
let restoredDataDir = '';

const post = (app: TestApp, records: SignedRecord[]) =>
  app
    .asRegister(register.registerToken)
    .post(`/pos/v1/registers/${register.registerId}/batches`, { batchId: crypto.randomUUID(), records });

beforeAll(async () => {
  source = await sharedTestDatabase();
  const handle = source ? await source.open() : await openTestDatabase();
  t = await buildTestAppOn(handle, { dataDir, serverSigningKeyFile, databaseUrl: source?.url });
  tenant = await createTestTenant(t);
  const { accessToken } = await signInAs(t, tenant.holderEmail, tenant.password);
  register = await enrolRegister(t, accessToken, tenant.companyIds[0]!);
  chain = new ChainWriter(register.keys.privateKey, register.registerId, 'order');
  const first = await post(
    t,
    [1, 2].map((n) => chain.append(`${DAY}T1${n}:00:00.000Z`, oneLineOrder(n, DAY))),
  );
  expect(first.statusCode, first.body).toBe(200);
  // A file of the file store (PGlite: DATA_DIR/files; PostgreSQL: in the database).
  await t.app.files.put('exports/backup-test.txt', 'fichier de test');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await source?.drop();
  await target?.drop();
  dirs.removeAll();
});

async function checkDefects(app: TestApp): Promise<SignatureCheckStatus> {
  const { accessToken } = await signInAs(app, tenant.holderEmail, tenant.password);
  return checkSignatures(app, accessToken, DAY);
}

describe('a backup, restored elsewhere', () => {
  let dest: string;
  let restored: TestApp;

  it('is written while the server runs, with a manifest that checks every file', async () => {
    dest = path.join(tempDir(), 'backup');
    const manifest = await writeBackup(t.database, { dataDir, dest, databaseUrl: source?.url });
    expect(manifest.engine).toBe(t.database.engine);
    expect(manifest.migrations).toBe(t.database.migrations);
    expect(Object.keys(manifest.files).length).toBeGreaterThanOrEqual(1);
    await expect(readBackup(dest)).resolves.toEqual(manifest);
    // Acknowledged after the backup: not in it.
    third = chain.append(`${DAY}T14:00:00.000Z`, oneLineOrder(3, DAY));
    const later = await post(t, [third]);
    expect(later.statusCode).toBe(200);
  });

  it('restores into a new data directory (or database), with every record and file of before', async () => {
    let handle: DatabaseHandle;
    const restoredDir = tempDir();
    if (source) {
      target = await sharedTestDatabase({ empty: true });
      await restoreBackup(dest, { databaseUrl: target!.url });
      handle = await target!.open();
    } else {
      await restoreBackup(dest, { dataDir: restoredDir });
      handle = await openDatabase({ pgliteDir: path.join(restoredDir, 'db') });
    }
    restored = await buildTestAppOn(handle, { dataDir: restoredDir, serverSigningKeyFile });
    const seqs = await restored.database.db
      .selectFrom('pos_records')
      .select('seq')
      .where('register_id', '=', register.registerId)
      .orderBy('seq')
      .execute();
    expect(seqs.map((r) => Number(r.seq))).toEqual([1, 2]);
    expect((await restored.app.files.get('exports/backup-test.txt')).toString()).toBe('fichier de test');
  });

  it('checks with 0 defects, and the register continues its chain from the backup', async () => {
    restoredDataDir = restored.config.dataDir;
    const status = await checkDefects(restored);
    expect(status.result).toMatchObject({ defects: 0 });
    // The register re-sends what the restored server lost (its third order), then goes on.
    const resent = await post(restored, [third, chain.append(`${DAY}T15:00:00.000Z`, oneLineOrder(4, DAY))]);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await checkDefects(restored)).result).toMatchObject({ defects: 0 });
    await restored.close();
  });

  it('refuses a damaged backup', async () => {
    const copy = path.join(tempDir(), 'damaged');
    fs.cpSync(dest, copy, { recursive: true });
    const [first] = Object.keys((await readBackup(copy)).files);
    const bytes = fs.readFileSync(path.join(copy, first!));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(path.join(copy, first!), bytes);
    await expect(readBackup(copy)).rejects.toThrow(/damaged backup/);
  });
});

describe('npm run backup and npm run restore', () => {
  it('the running server writes a snapshot when asked from its machine, and refuses anyone else', async () => {
    const name = `asked-${crypto.randomUUID()}`;
    const dest = path.join(dataDir, 'backups', name);
    const headers = { 'x-comptoir-ops-token': opsToken(t.app.serverKey) };
    const refused = await t
      .as(null)
      .post('/api/ops/backup', { name }, { remoteAddress: '192.0.2.7', headers });
    expect(refused.statusCode).toBe(403);
    // From this machine, without the token derived from the signing key: refused too.
    expect(
      (await t.as(null).post('/api/ops/backup', { name }, { remoteAddress: '127.0.0.1' })).statusCode,
    ).toBe(403);
    expect(fs.existsSync(dest)).toBe(false);
    // Only a name under DATA_DIR/backups: never a path the caller picks.
    const outside = await t
      .as(null)
      .post('/api/ops/backup', { name: '../../elsewhere' }, { remoteAddress: '127.0.0.1' });
    expect(outside.statusCode).toBe(400);
    const res = await t.as(null).post('/api/ops/backup', { name }, { remoteAddress: '127.0.0.1', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dest, engine: t.database.engine });
    const again = await t.as(null).post('/api/ops/backup', { name }, { remoteAddress: '127.0.0.1', headers });
    expect(again.statusCode).toBe(409);
    await expect(readBackup(dest)).resolves.toMatchObject({ engine: t.database.engine });
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'back up a stopped data directory and restore it into a new one, from the command line',
    async () => {
      const run = promisify(execFile);
      const cli = path.resolve(import.meta.dirname, '../ops/backup-cli.ts');
      const dest = path.join(tempDir(), 'cli');
      // No server answers on this port: the CLI reads the data directory itself.
      const env = { ...process.env, DATA_DIR: restoredDataDir, PORT: '1', DATABASE_URL: '' };
      const backedUp = await run(process.execPath, ['--import', 'tsx', cli, 'backup', dest], { env });
      expect(backedUp.stdout).toContain(`backup written to ${dest}`);
      const fresh = tempDir();
      const restoredCli = await run(process.execPath, ['--import', 'tsx', cli, 'restore', dest], {
        env: { ...env, DATA_DIR: fresh },
      });
      expect(restoredCli.stdout).toContain('restored the backup');
      const handle = await openDatabase({ pgliteDir: path.join(fresh, 'db') });
      try {
        const seqs = await handle.db
          .selectFrom('pos_records')
          .select('seq')
          .where('register_id', '=', register.registerId)
          .execute();
        expect(seqs).toHaveLength(4);
      } finally {
        await handle.close();
      }
      // Never over data: the same restore again is refused.
      await expect(
        run(process.execPath, ['--import', 'tsx', cli, 'restore', dest], {
          env: { ...env, DATA_DIR: fresh },
        }),
      ).rejects.toThrow(/already holds a database/);
    },
    120_000,
  );
});
