import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterKeysResponse, ServerKeysResponse } from '@comptoir/contracts';
import { generateKeyPair, rawPublicKey } from '@comptoir/fiscal';
import { encodeJetEvent, JET_EVENTS, listJetEvents } from '../../platform/jet';
import { loadServerKey } from '../../platform/server-key';
import { getJwtSecret } from '../../platform/tokens';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  enrolRegister,
  signInAs,
  type TestApp,
} from '../../test-helpers';
import { openFiscalSession } from '../auth/auth.service';
import { registerServerKey } from './fiscal-keys.service';

let t: TestApp;
let owner: { accountId: string; companyIds: string[]; token: string; inspectorToken: string };
let other: { accountId: string; companyId: string; token: string };
const dirs: string[] = [];

const newRawKey = () => rawPublicKey(generateKeyPair().publicKey);
const sha256Hex = (raw: string) =>
  crypto.createHash('sha256').update(Buffer.from(raw, 'base64')).digest('hex');

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const account = await createAccount(db, {
    companies: [{ name: 'Brasserie du Port' }, { name: 'Café des Halles' }],
  });
  const holder = await createTestUser(db, { accountId: account.accountId });
  const { tokens } = await db.transaction().execute((trx) =>
    openFiscalSession(trx, getJwtSecret(t.config), {
      user: holder,
      accountId: account.accountId,
      expiresAt: new Date(Date.now() + 3_600_000),
    }),
  );
  owner = {
    accountId: account.accountId,
    companyIds: account.companyIds,
    token: (await signInAs(t, holder.email)).accessToken,
    inspectorToken: tokens.accessToken,
  };
  const otherAccount = await createAccount(db, { companies: [{ name: 'Crêperie Autrui' }] });
  const otherHolder = await createTestUser(db, { accountId: otherAccount.accountId });
  other = {
    accountId: otherAccount.accountId,
    companyId: otherAccount.companyIds[0]!,
    token: (await signInAs(t, otherHolder.email)).accessToken,
  };
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server key, published', () => {
  it('is served without authentication, as raw base64, PEM and fingerprint of the raw bytes', async () => {
    const res = await t.as(null).get('/api/administration-fiscale/keys');
    expect(res.statusCode).toBe(200);
    const body: ServerKeysResponse = res.json();
    expect(body.current.algorithm).toBe('Ed25519');
    expect(body.current.publicKey).toBe(t.app.serverKey.publicKeyRaw);
    expect(Buffer.from(body.current.publicKey, 'base64')).toHaveLength(32);
    expect(body.current.fingerprint).toBe(sha256Hex(body.current.publicKey));
    expect(body.current.validTo).toBeNull();
    expect(Date.parse(body.current.validFrom)).not.toBeNaN();
    expect(body.history).toEqual([body.current]);

    const pem = crypto.createPublicKey(body.current.publicKeyPem);
    expect(pem.asymmetricKeyType).toBe('ed25519');
    const spki = pem.export({ format: 'der', type: 'spki' });
    expect(spki.subarray(-32).toString('base64')).toBe(body.current.publicKey);
  });

  it('verifies what the server signed: a JET event checks with the published PEM alone', async () => {
    await enrolRegister(t, owner.token, owner.companyIds[0]!, {
      name: 'Caisse SN-VERIFY',
      serial: 'SN-VERIFY',
    });
    const [event] = await listJetEvents(t.database.db, owner.accountId);
    expect(event).toBeDefined();
    const body: ServerKeysResponse = (await t.as(null).get('/api/administration-fiscale/keys')).json();
    const key = crypto.createPublicKey(body.current.publicKeyPem);
    const bytes = encodeJetEvent(event!);
    expect(crypto.verify(null, bytes, key, Buffer.from(event!.sig, 'base64'))).toBe(true);
    const tampered = Buffer.from(bytes);
    const at = tampered.length - 2;
    tampered.writeUInt8(tampered.readUInt8(at) ^ 1, at);
    expect(crypto.verify(null, tampered, key, Buffer.from(event!.sig, 'base64'))).toBe(false);
  });

  it('is documented in the OpenAPI document as public', async () => {
    interface Operation {
      security?: unknown;
      description?: string;
      responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
    }
    const doc = (await t.as(null).get('/api/docs/json')).json<{
      paths: Record<string, { get?: Operation }>;
    }>();
    const operation = doc.paths['/api/administration-fiscale/keys']?.get;
    expect(operation?.security).toEqual([]);
    expect(operation?.description).toContain('SHA-256 of the 32 raw key bytes');
    const schema = operation?.responses['200']?.content?.['application/json']?.schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(['current', 'history', 'fingerprintRule']);
    expect(doc.paths['/api/administration-fiscale/registers/keys']?.get?.security).toEqual([
      { accessToken: [] },
    ]);
  });

  it('keeps its history when the key rotates: the old key closed, the new one current', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-keys-'));
    dirs.push(dir);
    const next = loadServerKey({ dataDir: dir, serverSigningKeyFile: undefined });
    const rotation = sha256Hex(t.app.serverKey.publicKeyRaw);
    expect(await registerServerKey(t.database.db, next, { rotation })).toBe('rotated');
    // A second start with the same key adds nothing.
    expect(await registerServerKey(t.database.db, next)).toBe('current');
    const body: ServerKeysResponse = (await t.as(null).get('/api/administration-fiscale/keys')).json();
    // The app still signs with its own key: it is the current one, and the rotated-in key is listed.
    const fingerprints = body.history.map((key) => key.fingerprint);
    expect(fingerprints).toEqual([sha256Hex(t.app.serverKey.publicKeyRaw), sha256Hex(next.publicKeyRaw)]);
    expect(body.history[0]!.validTo).not.toBeNull();
    expect(body.history[1]!.validTo).toBeNull();
    expect(Date.parse(body.history[0]!.validTo!)).toBe(Date.parse(body.history[1]!.validFrom));
  });
});

function registerBody(company: number, serial: string, publicKey = newRawKey()) {
  return { companyId: owner.companyIds[company]!, name: `Caisse ${serial}`, serial, publicKey };
}

describe("the registers' keys", () => {
  let enrolled: { registerId: string; publicKey: string };

  beforeAll(async () => {
    enrolled = await enrolRegister(t, owner.token, owner.companyIds[1]!, {
      name: 'Caisse SN-HALLES-1',
      serial: 'SN-HALLES-1',
    });
    await enrolRegister(t, other.token, other.companyId, { name: 'Caisse Autrui', serial: 'SN-AUTRUI' });
  });

  it("are read by the holder and the account's inspector: key, PEM, serial, establishment, date, state", async () => {
    for (const token of [owner.token, owner.inspectorToken]) {
      const res = await t.as(token).get('/api/administration-fiscale/registers/keys');
      expect(res.statusCode).toBe(200);
      const body: RegisterKeysResponse = res.json();
      const row = body.rows.find((r) => r.registerId === enrolled.registerId);
      expect(row).toMatchObject({
        algorithm: 'Ed25519',
        publicKey: enrolled.publicKey,
        fingerprint: sha256Hex(enrolled.publicKey),
        serial: 'SN-HALLES-1',
        name: 'Caisse SN-HALLES-1',
        companyId: owner.companyIds[1],
        companyName: 'Café des Halles',
        state: 'active',
      });
      expect(Date.parse(row!.enrolledAt)).not.toBeNaN();
      const spki = crypto.createPublicKey(row!.publicKeyPem).export({ format: 'der', type: 'spki' });
      expect(spki.subarray(-32).toString('base64')).toBe(enrolled.publicKey);
      // By establishment then name: the Port's register before the Halles'.
      expect(body.rows.map((r) => r.companyName)).toEqual(['Brasserie du Port', 'Café des Halles']);
      expect(JSON.stringify(body)).not.toContain('SN-AUTRUI');
    }
  });

  it("never show another account's registers, and refuse a caller without a session", async () => {
    const body: RegisterKeysResponse = (
      await t.as(other.token).get('/api/administration-fiscale/registers/keys')
    ).json();
    expect(body.rows.map((r) => r.serial)).toEqual(['SN-AUTRUI']);
    expect(JSON.stringify(body)).not.toContain(enrolled.publicKey);
    expect((await t.as(null).get('/api/administration-fiscale/registers/keys')).statusCode).toBe(401);
  });

  it('show a deactivated register as inactive', async () => {
    await t.database.db
      .updateTable('registers')
      .set({ is_active: false })
      .where('id', '=', enrolled.registerId)
      .execute();
    const body: RegisterKeysResponse = (
      await t.as(owner.token).get('/api/administration-fiscale/registers/keys')
    ).json();
    expect(body.rows.find((r) => r.registerId === enrolled.registerId)?.state).toBe('inactive');
    await t.database.db
      .updateTable('registers')
      .set({ is_active: true })
      .where('id', '=', enrolled.registerId)
      .execute();
  });
});

describe('refused enrolments in the JET', () => {
  it('journals them once per caller, reason and hour, and counts the others', async () => {
    const db = t.database.db;
    const account = await createAccount(db, { companies: [{ name: 'Bar des Essais' }] });
    const holder = await createTestUser(db, { accountId: account.accountId });
    const token = (await signInAs(t, holder.email)).accessToken;
    const malformedKey = Buffer.alloc(31, 7).toString('base64');
    for (let i = 0; i < 12; i++) {
      const res = await t.as(token).post('/pos/v1/registers', {
        companyId: account.companyIds[0],
        name: 'Caisse du banc',
        serial: `SN-FLOOD-${i}`,
        publicKey: malformedKey,
      });
      expect(res.json<{ error: { code: string } }>().error.code).toBe('INVALID_PUBLIC_KEY');
    }
    const refusals = (await listJetEvents(db, account.accountId)).filter(
      (event) => event.code === JET_EVENTS.registerKeyRefused.code,
    );
    const hours = refusals.map((event) => Math.floor(+event.occurred_at / 3_600_000));
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(new Set(hours).size).toBe(refusals.length);
    expect(refusals[0]!.details).toMatchObject({ serial: 'SN-FLOOD-0', reason: 'INVALID_PUBLIC_KEY' });
    const tallies = await db
      .selectFrom('jet_refusal_tallies')
      .select(['code', 'reason', 'count'])
      .where('account_id', '=', account.accountId)
      .execute();
    expect(tallies.map(({ code, reason }) => `${code} ${reason}`)).toEqual(
      tallies.map(() => '73 INVALID_PUBLIC_KEY'),
    );
    expect(tallies.reduce((sum, tally) => sum + tally.count, 0)).toBe(12);
  });
});

describe('enrolments in the JET', () => {
  const journal = async (code: string) => {
    const res = await t.as(owner.token).get(`/api/administration-fiscale/jet?code=${code}`);
    expect(res.statusCode).toBe(200);
    return res.json<{
      rows: { code: string; label: string; details: Record<string, unknown>; signature: string }[];
    }>().rows;
  };

  it('records an enrolment, a re-enrolment (same key) and each key refusal, signed', async () => {
    const body = registerBody(0, 'SN-JET');
    const first = await t.as(owner.token).post('/pos/v1/registers', body);
    expect(first.statusCode).toBe(201);
    const registerId = first.json<{ registerId: string }>().registerId;
    const fingerprint = sha256Hex(body.publicKey);

    const enrolments = await journal(JET_EVENTS.registerEnrolled.code);
    expect(enrolments.find((row) => row.details.serial === 'SN-JET')).toMatchObject({
      label: "Enregistrement d'une caisse",
      details: { registerId, serial: 'SN-JET', name: 'Caisse SN-JET', fingerprint },
      signature: 'ok',
    });

    const again = await t.as(owner.token).post('/pos/v1/registers', body);
    expect(again.statusCode).toBe(201);
    expect(again.json<{ registerId: string }>().registerId).toBe(registerId);
    const reEnrolments = await journal(JET_EVENTS.registerReEnrolled.code);
    expect(reEnrolments).toHaveLength(1);
    expect(reEnrolments[0]).toMatchObject({
      label: "Réenregistrement d'une caisse",
      details: { registerId, serial: 'SN-JET', fingerprint },
      signature: 'ok',
    });

    const otherKey = newRawKey();
    const refusedKey = await t.as(owner.token).post('/pos/v1/registers', { ...body, publicKey: otherKey });
    expect(refusedKey.statusCode).toBe(409);
    expect(refusedKey.json<{ error: { code: string } }>().error.code).toBe('REGISTER_ALREADY_ENROLLED');
    const malformed = await t.as(owner.token).post('/pos/v1/registers', {
      ...body,
      serial: 'SN-BAD',
      publicKey: Buffer.alloc(31, 7).toString('base64'),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: { code: string } }>().error.code).toBe('INVALID_PUBLIC_KEY');

    const refusals = await journal(JET_EVENTS.registerKeyRefused.code);
    expect(refusals.map((row) => row.details)).toEqual([
      {
        serial: 'SN-BAD',
        name: 'Caisse SN-JET',
        reason: 'INVALID_PUBLIC_KEY',
        fingerprint: null,
        registerId: null,
      },
      {
        serial: 'SN-JET',
        name: 'Caisse SN-JET',
        reason: 'REGISTER_ALREADY_ENROLLED',
        fingerprint: sha256Hex(otherKey),
        registerId,
      },
    ]);
    expect(refusals.every((row) => row.label === 'Clé de caisse refusée' && row.signature === 'ok')).toBe(
      true,
    );
    // The refused key was not stored: the register keeps its enrolled key.
    const keys: RegisterKeysResponse = (
      await t.as(owner.token).get('/api/administration-fiscale/registers/keys')
    ).json();
    expect(keys.rows.find((row) => row.registerId === registerId)?.publicKey).toBe(body.publicKey);
    expect(keys.rows.some((row) => row.serial === 'SN-BAD')).toBe(false);
  });

  it("never writes an enrolment into another account's journal", async () => {
    const events = await listJetEvents(t.database.db, other.accountId);
    const enrolmentCodes = ['71', '72', '73'];
    expect(events.map((event) => event.code).filter((code) => enrolmentCodes.includes(code))).toEqual([
      JET_EVENTS.registerEnrolled.code,
    ]);
    expect(JSON.stringify(events)).not.toContain('SN-JET');
  });
});
