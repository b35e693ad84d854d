import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
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
  it('creates DATA_DIR/secrets/jwt.key with mode 600 once, and every app of that directory reads it', () => {
    const dataDir = path.join(tmp, 'a');
    const first = getJwtSecret({ ...loadConfig({}), dataDir }, {});
    const file = path.join(dataDir, 'secrets', 'jwt.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(getJwtSecret({ ...loadConfig({}), dataDir }, {}))).toEqual(Buffer.from(first));
  });

  it('prefers JWT_SECRET and refuses one shorter than 32 bytes', () => {
    const dataDir = path.join(tmp, 'b');
    const secret = 'x'.repeat(40);
    expect(Buffer.from(getJwtSecret({ ...loadConfig({}), dataDir }, { JWT_SECRET: secret })).toString()).toBe(
      secret,
    );
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
    expect(() => getJwtSecret({ ...loadConfig({}), dataDir }, { JWT_SECRET: 'short' })).toThrow(/32 bytes/);
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
