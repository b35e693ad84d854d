import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { defaultServerKeyFile, loadServerKey } from './server-key';
import {
  accessTokenTtlSeconds,
  getJwtSecret,
  signAccessToken,
  verifyAccessToken,
  type AccessTokenClaims,
} from './tokens';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-tokens-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const claims: AccessTokenClaims = {
  sub: crypto.randomUUID(),
  acc: crypto.randomUUID(),
  role: 'holder',
  groups: ['comptoir-suite'],
  scope: 'bo-client',
  sid: crypto.randomUUID(),
  kind: 'user',
};

describe('getJwtSecret', () => {
  it('derives the key from the server signing key: instances sharing the key share it, nothing is written', () => {
    const keyDir = path.join(tmp, 'shared');
    const serverSigningKeyFile = defaultServerKeyFile(keyDir);
    loadServerKey({ dataDir: keyDir, serverSigningKeyFile: undefined });
    const one = getJwtSecret({ ...loadConfig({}), dataDir: path.join(tmp, 'one'), serverSigningKeyFile });
    const two = getJwtSecret({ ...loadConfig({}), dataDir: path.join(tmp, 'two'), serverSigningKeyFile });
    expect(one.length).toBe(32);
    expect(Buffer.from(two)).toEqual(Buffer.from(one));
    expect(fs.existsSync(path.join(tmp, 'one', 'secrets', 'jwt.key'))).toBe(false);
    const other = getJwtSecret({ ...loadConfig({}), dataDir: path.join(tmp, 'other') });
    expect(Buffer.from(other)).not.toEqual(Buffer.from(one));
  });

  it('keeps reading the jwt.key an earlier release created, so its sessions and links stay valid', () => {
    const dataDir = path.join(tmp, 'legacy');
    fs.mkdirSync(path.join(dataDir, 'secrets'), { recursive: true });
    const legacy = crypto.randomBytes(32);
    fs.writeFileSync(path.join(dataDir, 'secrets', 'jwt.key'), `${legacy.toString('base64url')}\n`);
    expect(Buffer.from(getJwtSecret({ ...loadConfig({}), dataDir }))).toEqual(legacy);
  });

  it('prefers JWT_SECRET (or JWT_SECRET_FILE) and refuses one shorter than 32 bytes', () => {
    const dataDir = path.join(tmp, 'b');
    const secret = 'x'.repeat(40);
    expect(Buffer.from(getJwtSecret({ ...loadConfig({ JWT_SECRET: secret }), dataDir })).toString()).toBe(
      secret,
    );
    const file = path.join(tmp, 'jwt-secret.txt');
    fs.writeFileSync(file, `${'y'.repeat(40)}\n`);
    expect(Buffer.from(getJwtSecret({ ...loadConfig({ JWT_SECRET_FILE: file }), dataDir })).toString()).toBe(
      'y'.repeat(40),
    );
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
    expect(() => getJwtSecret({ ...loadConfig({ JWT_SECRET: 'short' }), dataDir })).toThrow(/32 bytes/);
  });
});

describe('access tokens', () => {
  const secret = crypto.randomBytes(32);

  it('carry the claims for 15 minutes', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const verified = await verifyAccessToken(secret, await signAccessToken(secret, claims));
    expect(verified).toMatchObject(claims);
    const token = await signAccessToken(secret, claims, { now });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  it('never outlive the grant they belong to', async () => {
    const now = new Date();
    const token = await signAccessToken(secret, claims, { now, notAfter: new Date(now.getTime() + 60_000) });
    const { exp } = await verifyAccessToken(secret, token);
    expect(exp).toBe(Math.floor(now.getTime() / 1000) + 60);
  });

  it('are refused when expired, signed with another key or tampered with', async () => {
    const old = await signAccessToken(secret, claims, { now: new Date(Date.now() - 16 * 60_000) });
    await expect(verifyAccessToken(secret, old)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
    const foreign = await signAccessToken(crypto.randomBytes(32), claims);
    await expect(verifyAccessToken(secret, foreign)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const [header, , signature] = (await signAccessToken(secret, claims)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'staff', iss: 'comptoir' })).toString(
      'base64url',
    );
    await expect(verifyAccessToken(secret, `${header}.${forged}.${signature}`)).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });
});

describe('access token lifetime', () => {
  it('is 15 minutes unless ACCESS_TOKEN_TTL_SECONDS says otherwise, within 1 to 60 minutes', () => {
    expect(accessTokenTtlSeconds({})).toBe(900);
    expect(accessTokenTtlSeconds({ ACCESS_TOKEN_TTL_SECONDS: '185' })).toBe(185);
    expect(accessTokenTtlSeconds({ ACCESS_TOKEN_TTL_SECONDS: '5' })).toBe(60);
    expect(accessTokenTtlSeconds({ ACCESS_TOKEN_TTL_SECONDS: '86400' })).toBe(3600);
    expect(accessTokenTtlSeconds({ ACCESS_TOKEN_TTL_SECONDS: 'soon' })).toBe(900);
  });
});
