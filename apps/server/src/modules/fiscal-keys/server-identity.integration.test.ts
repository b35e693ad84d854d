import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedRecord } from '@comptoir/contracts';
import { ChainWriter, generateKeyPair } from '@comptoir/fiscal';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import type { Config } from '../../platform/config';
import { DeploymentIdentityError } from '../../platform/deployment-identity';
import { encodeJetEvent } from '../../platform/jet';
import { loadServerKey } from '../../platform/server-key';
import {
  buildTestAppOn,
  createTestTenant,
  enrolRegister,
  oneLineOrder,
  openTestDatabase,
  signInAs,
  type TestApp,
  type TestTenant,
} from '../../test-helpers';
import { checkSignatures, newServerKeyFile, tempDirs } from '../../testing/deployment';
import { sharedTestDatabase, type SharedTestDatabase } from '../../testing/instances';
import { keyFingerprint } from './fiscal-keys.format';
import { ServerKeyMismatchError } from './fiscal-keys.service';

// Issue 33, part 1: two instances of a deployment on one database sign with one key. A second
// instance with a key of its own used to publish it, close the first one's and seal rows with it:
// thousands of false defects in the signature check and JET 51 events in the append-only journal.

const DAY = '2026-03-10';
const dirs = tempDirs('identity');
const tempDir = dirs.make;

let shared: SharedTestDatabase | null;
const handles: DatabaseHandle[] = [];
/** One more instance's connection: its own pool on PostgreSQL, the one PGlite handle otherwise. */
async function connection(): Promise<DatabaseHandle> {
  if (shared) {
    const handle = await shared.open();
    handles.push(handle);
    return handle;
  }
  if (handles.length === 0) handles.push(await openTestDatabase());
  return handles[0]!;
}

const keyFile = () => newServerKeyFile(tempDir());
const deploymentKey = keyFile();
/** An instance of the deployment: a data directory of its own, the deployment's key file. */
const instance = async (overrides: Partial<Config> = {}) =>
  buildTestAppOn(await connection(), {
    dataDir: tempDir(),
    serverSigningKeyFile: deploymentKey,
    // The tokens' key derived from the signing key, as in a deployment (the kit fixes one otherwise).
    jwtSecret: undefined,
    ...overrides,
  });

let a: TestApp;
let b: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  shared = await sharedTestDatabase();
  a = await instance();
  b = await instance();
  tenant = await createTestTenant(a);
}, 120_000);
afterAll(async () => {
  // The instances share the connection on PGlite: close the apps, then each connection once.
  await a?.app.close();
  await b?.app.close();
  for (const handle of handles) await handle.close();
  await shared?.drop();
  dirs.removeAll();
});

const counts = async (db: TestApp['database']['db']) => ({
  keys: await db
    .selectFrom('server_keys')
    .select(['fingerprint', 'valid_to'])
    .orderBy('valid_from')
    .execute(),
  jet: Number(
    (
      await db
        .selectFrom('jet_events')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

/** An app started on the same database; resolves to the error its start refused with, if any. */
async function startError(overrides: Partial<Config>): Promise<unknown> {
  const config = { ...a.config, dataDir: tempDir(), serverSigningKeyFile: undefined, ...overrides };
  try {
    const app = await buildApp({ config, database: await connection(), logger: false });
    await app.ready();
    await app.close();
    return null;
  } catch (err) {
    return err;
  }
}

describe('two instances of a deployment on one database', () => {
  it('accept each other’s sessions: the tokens’ key derives from the one signing key', async () => {
    const session = await signInAs(a, tenant.holderEmail, tenant.password);
    const throughB = await b.as(session.accessToken).get('/api/user/me');
    expect(throughB.statusCode, throughB.body).toBe(200);
    const sessionB = await signInAs(b, tenant.holderEmail, tenant.password);
    expect((await a.as(sessionB.accessToken).get('/api/user/me')).statusCode).toBe(200);
  });

  it('sign and seal with one key: a day fed through both is checked by either with 0 defects', async () => {
    const { accessToken } = await signInAs(a, tenant.holderEmail, tenant.password);
    const register = await enrolRegister(b, accessToken, tenant.companyIds[0]!, { keys: generateKeyPair() });
    const chain = new ChainWriter(register.keys.privateKey, register.registerId, 'order');
    const post = (t: TestApp, records: SignedRecord[]) =>
      t
        .asRegister(register.registerToken)
        .post(`/pos/v1/registers/${register.registerId}/batches`, { batchId: crypto.randomUUID(), records });
    const first = await post(a, [chain.append(`${DAY}T11:00:00.000Z`, oneLineOrder(1, DAY))]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(b, [chain.append(`${DAY}T12:00:00.000Z`, oneLineOrder(2, DAY, 2400))]);
    expect(second.statusCode, second.body).toBe(200);

    for (const t of [a, b]) {
      const status = await checkSignatures(t, accessToken, DAY);
      expect(status.result).toMatchObject({ defects: 0 });
      expect(status.result!.checkedRecords).toBeGreaterThanOrEqual(2);
    }
    const defects = await a.database.db
      .selectFrom('jet_events')
      .select('code')
      .where('account_id', '=', tenant.accountId)
      .where('code', '=', '51')
      .execute();
    expect(defects).toEqual([]);
  });
});

describe('an instance with a key of its own', () => {
  it('is refused at start, and has published, closed and journaled nothing', async () => {
    const before = await counts(a.database.db);
    const err = await startError({});
    expect(err).toBeInstanceOf(ServerKeyMismatchError);
    // The message names the deployment's key and the way out.
    const current = keyFingerprint(a.app.serverKey.publicKeyRaw);
    expect(String(err)).toContain(current);
    expect(String(err)).toContain('SERVER_SIGNING_KEY_FILE');
    expect(String(err)).toContain(`SERVER_KEY_ROTATION=${current}`);
    expect(await counts(a.database.db)).toEqual(before);
  });

  it('is refused even when two start together on an empty database: one key is published', async () => {
    const fresh = await sharedTestDatabase();
    const handle = fresh ? await fresh.open() : await openTestDatabase();
    const other = fresh ? await fresh.open() : handle;
    const start = async (database: DatabaseHandle) => {
      const app = await buildApp({
        config: { ...a.config, dataDir: tempDir(), serverSigningKeyFile: keyFile() },
        database,
        logger: false,
      });
      await app.ready();
      return app;
    };
    const results = await Promise.allSettled([start(handle), start(other)]);
    try {
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ServerKeyMismatchError);
      const keys = await handle.db.selectFrom('server_keys').selectAll().execute();
      expect(keys).toHaveLength(1);
      expect(keys[0]!.valid_to).toBeNull();
    } finally {
      for (const r of results) if (r.status === 'fulfilled') await r.value.close();
      if (other !== handle) await other.close();
      await handle.close();
      await fresh?.drop();
    }
  });

  it('replaces the key when SERVER_KEY_ROTATION names the current one: journaled (JET 12), the old key retired', async () => {
    const previous = keyFingerprint(a.app.serverKey.publicKeyRaw);
    const { accessToken } = await signInAs(a, tenant.holderEmail, tenant.password);
    // The tenant has a register (above): the rotation is in its journal.
    const nextKeyFile = keyFile();
    const next = loadServerKey({ dataDir: tempDir(), serverSigningKeyFile: nextKeyFile });
    // A wrong fingerprint is no rotation.
    expect(
      await startError({ serverSigningKeyFile: nextKeyFile, serverKeyRotation: 'ab'.repeat(32) }),
    ).toBeInstanceOf(ServerKeyMismatchError);
    const rotated = await buildApp({
      config: {
        ...a.config,
        dataDir: tempDir(),
        serverSigningKeyFile: nextKeyFile,
        serverKeyRotation: previous,
      },
      database: await connection(),
      logger: false,
    });
    await rotated.ready();
    try {
      const keys = await a.database.db.selectFrom('server_keys').selectAll().orderBy('valid_from').execute();
      expect(keys.map((k) => [k.fingerprint, k.valid_to === null])).toEqual([
        [previous, false],
        [keyFingerprint(next.publicKeyRaw), true],
      ]);
      const event = await a.database.db
        .selectFrom('jet_events')
        .selectAll()
        .where('account_id', '=', tenant.accountId)
        .where('code', '=', '12')
        .executeTakeFirstOrThrow();
      expect(event.label).toBe('Changement de la clé de signature du serveur');
      expect(event.details).toMatchObject({
        previousFingerprint: previous,
        fingerprint: keyFingerprint(next.publicKeyRaw),
      });
      expect(next.verify(encodeJetEvent(event), event.sig)).toBe(true);
      // The retired key never comes back: an instance still holding it is refused.
      const stale = await startError({ serverSigningKeyFile: deploymentKey });
      expect(stale).toBeInstanceOf(ServerKeyMismatchError);
      expect(String(stale)).toContain('retired');
      // Sessions opened under the old key are refused by the new one (its tokens' key derives from it).
      expect(
        (await rotated.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${accessToken}` } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await rotated.close();
    }
  });
});

describe('an instance with its own JWT_SECRET', () => {
  it('is refused when the tokens’ key differs from the deployment’s, and JWT_SECRET_ROTATION=1 changes it', async () => {
    const fresh = await sharedTestDatabase();
    const handle = fresh ? await fresh.open() : await openTestDatabase();
    const key = keyFile();
    const start = async (overrides: Partial<Config>) => {
      const app = await buildApp({
        config: { ...a.config, dataDir: tempDir(), serverSigningKeyFile: key, ...overrides },
        database: handle,
        logger: false,
      });
      await app.ready();
      return app;
    };
    try {
      await (await start({ jwtSecret: 'x'.repeat(40) })).close();
      await (await start({ jwtSecret: 'x'.repeat(40) })).close();
      await expect(start({ jwtSecret: 'y'.repeat(40) })).rejects.toBeInstanceOf(DeploymentIdentityError);
      await expect(start({})).rejects.toThrow(/JWT_SECRET_FILE/);
      await (await start({ jwtSecret: 'y'.repeat(40), jwtSecretRotation: true })).close();
      await expect(start({ jwtSecret: 'x'.repeat(40) })).rejects.toBeInstanceOf(DeploymentIdentityError);
    } finally {
      await handle.close();
      await fresh?.drop();
    }
  });
});
