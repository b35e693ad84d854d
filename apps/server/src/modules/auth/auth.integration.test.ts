import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  signInAs,
  TEST_PASSWORD,
  type TestApp,
} from '../../test-helpers';
import { findRefreshTokenByHash, insertRefreshToken, recordLoginAttempt } from './auth.repository';
import { hashRefreshToken, newRefreshToken } from '../../platform/tokens';

let t: TestApp;
let accountId: string;
let companyIds: string[];

beforeAll(async () => {
  t = await buildTestApp();
  ({ accountId, companyIds } = await createAccount(t.database.db, {
    edition: 'suite',
    companies: [{ name: 'Brasserie du Port' }, { name: 'Café de la Gare' }],
  }));
});
afterAll(() => t.close());

const db = () => t.database.db;
let ipCounter = 0;
/** Each test signs in from its own address, so the per-IP limit of one test never leaks into another. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Signs in as the login page posts, from the next address. */
function login(email: string, password: string) {
  return t.as(null, { remoteAddress: nextIp }).post('/auth/login', { email, password, scope: 'bo-client' });
}

function renew(refreshToken: string, variant = '') {
  return t.as(null).get(`/api/auth/accessToken/${variant}?refreshToken=${encodeURIComponent(refreshToken)}`);
}

describe('GET /auth/login', () => {
  it('serves the French sign-in page with labelled fields and a nonce-based CSP', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/login?scope=bo-client&redirect=/reporting/ventes',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Connexion — Comptoir</title>');
    expect(html).toContain('<label for="email">Adresse e-mail</label>');
    expect(html).toContain('<label for="password">Mot de passe</label>');
    expect(html).toContain('Se connecter');
    expect(html).toContain('Adresse e-mail ou mot de passe incorrect.');
    expect(html).toContain('Trop de tentatives. Réessayez dans quelques minutes.');
    expect(html).toMatch(/<input id="email"[^>]*autofocus/);
    expect(html).toContain('name="redirect" value="/reporting/ventes"');
    expect(html).toContain("localStorage.setItem('accessToken'");
    expect(html).toContain("localStorage.setItem('refreshToken'");
    expect(html).not.toMatch(/<(link|script)[^>]+(href|src)="https?:/);

    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`<style nonce="${nonce}">`);
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'replaces the foreign redirect %s by /',
    async (redirect) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/auth/login?redirect=${encodeURIComponent(redirect)}`,
      });
      expect(res.body).toContain('name="redirect" value="/"');
    },
  );

  it('escapes what it echoes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/login?scope=${encodeURIComponent('"><b>x')}`,
    });
    expect(res.body).toContain('value="&quot;&gt;&lt;b&gt;x"');
  });
});

describe('POST /auth/login', () => {
  it('answers a token pair and sets the httpOnly refreshToken cookie', async () => {
    const user = await createTestUser(db(), { accountId, groups: ['comptoir-suite'] });
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { accessToken, refreshToken } = res.json();
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    expect(decodeJwt(accessToken)).toMatchObject({
      sub: user.id,
      acc: accountId,
      role: 'holder',
      groups: ['comptoir-suite'],
      scope: 'bo-client',
      kind: 'user',
    });
    const claims = decodeJwt(accessToken);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);

    const cookie = res.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie).toMatchObject({ value: refreshToken, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const stored = await findRefreshTokenByHash(db(), hashRefreshToken(refreshToken));
    expect(stored).toMatchObject({
      user_id: user.id,
      kind: 'user',
      session_id: claims.sid,
      revoked_at: null,
    });
    expect(JSON.stringify(stored)).not.toContain(refreshToken);
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const user = await createTestUser(db(), { accountId });
    const res = await login(user.email, 'Wrong-pass-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Adresse e-mail ou mot de passe incorrect.' },
    });
    expect(res.cookies).toHaveLength(0);
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const res = await login('nobody@comptoir.test', 'Wrong-pass-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Adresse e-mail ou mot de passe incorrect.' },
    });
  });

  it('refuses a disabled user', async () => {
    const user = await createTestUser(db(), { accountId });
    await db().updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expect((await login(user.email, TEST_PASSWORD)).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers 429 TOO_MANY_ATTEMPTS on the 6th attempt after 5 failures, even with the right password', async () => {
    const user = await createTestUser(db(), { accountId });
    for (let i = 0; i < 5; i++) expect((await login(user.email, `Wrong-pass-${i}`)).statusCode).toBe(401);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Trop de tentatives. Réessayez dans quelques minutes.',
    });
  });

  it('lets the e-mail in again once the 15-minute window has passed', async () => {
    const user = await createTestUser(db(), { accountId });
    const at = new Date(Date.now() - 16 * 60_000);
    for (let i = 0; i < 5; i++)
      await recordLoginAttempt(db(), { email: user.email, ip: '10.9.9.9', succeeded: false, at });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);

    const other = await createTestUser(db(), { accountId });
    const recent = new Date(Date.now() - 14 * 60_000);
    for (let i = 0; i < 5; i++) {
      await recordLoginAttempt(db(), { email: other.email, ip: '10.9.9.9', succeeded: false, at: recent });
    }
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('counts only the failures since the last successful sign-in', async () => {
    const user = await createTestUser(db(), { accountId });
    for (let i = 0; i < 4; i++) await login(user.email, 'Wrong-pass-1');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    await login(user.email, 'Wrong-pass-1');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address to 30 sign-in requests a minute', async () => {
    const ip = nextIp();
    const here = t.as(null, { remoteAddress: ip });
    for (let i = 0; i < 30; i++) {
      const res = await here.post('/auth/login', {});
      expect(res.statusCode).toBe(400);
    }
    const res = await here.post('/auth/login', {});
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
    const elsewhere = await t.as(null, { remoteAddress: nextIp() }).post('/auth/login', {});
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('GET /api/auth/accessToken/', () => {
  it('rotates the refresh token: a new pair, the old token refused', async () => {
    const user = await createTestUser(db(), { accountId });
    const first = await signInAs(t, user.email);
    const res = await renew(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken)).toMatchObject({
      sub: user.id,
      sid: decodeJwt(first.accessToken).sid,
    });
    expect((await t.as(second.accessToken).get('/api/user/me')).statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'refreshToken')?.value).toBe(second.refreshToken);

    const old = await findRefreshTokenByHash(db(), hashRefreshToken(first.refreshToken));
    expect(old?.revoked_at).not.toBeNull();
    expect(old?.replaced_by).toBe(
      (await findRefreshTokenByHash(db(), hashRefreshToken(second.refreshToken)))?.id,
    );

    const replay = await renew(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('REFRESH_TOKEN_REVOKED');
  });

  it('revokes the whole session when a rotated token is used again (theft)', async () => {
    const user = await createTestUser(db(), { accountId });
    const stolen = await signInAs(t, user.email);
    const legit = (await renew(stolen.refreshToken)).json();
    expect((await renew(stolen.refreshToken)).statusCode).toBe(401);

    const res = await renew(legit.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('REFRESH_TOKEN_REVOKED');
    const guarded = await t.as(legit.accessToken).get('/api/user/me');
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json().error.code).toBe('SESSION_REVOKED');
  });

  it('keeps the other sessions of the user when one is revoked', async () => {
    const user = await createTestUser(db(), { accountId });
    const phone = await signInAs(t, user.email);
    const laptop = await signInAs(t, user.email);
    await renew(phone.refreshToken);
    await renew(phone.refreshToken);
    expect((await renew(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token with REFRESH_TOKEN_EXPIRED and an unknown one', async () => {
    const user = await createTestUser(db(), { accountId });
    const { token, hash } = newRefreshToken();
    await insertRefreshToken(db(), {
      id: crypto.randomUUID(),
      user_id: user.id,
      token_hash: hash,
      kind: 'user',
      account_id: accountId,
      scope: 'bo-client',
      session_id: crypto.randomUUID(),
      issued_at: new Date(Date.now() - 31 * 86_400_000),
      expires_at: new Date(Date.now() - 86_400_000),
    });
    const expired = await renew(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('REFRESH_TOKEN_EXPIRED');

    const unknown = await renew('not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('INVALID_REFRESH_TOKEN');
  });
});

describe('GET /api/auth/accessToken/administration-fiscale/', () => {
  async function fiscalRefreshToken(userId: string, expiresAt: Date): Promise<string> {
    const { token, hash } = newRefreshToken();
    await insertRefreshToken(db(), {
      id: crypto.randomUUID(),
      user_id: userId,
      token_hash: hash,
      kind: 'fiscal',
      account_id: accountId,
      scope: 'administration-fiscale',
      session_id: crypto.randomUUID(),
      expires_at: expiresAt,
    });
    return token;
  }

  it('renews a fiscal token into a fiscal-kind pair that keeps the grant end', async () => {
    const user = await createTestUser(db(), { accountId });
    const grantEnd = new Date(Date.now() + 10 * 60_000);
    const token = await fiscalRefreshToken(user.id, grantEnd);
    const res = await renew(token, 'administration-fiscale/');
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    const claims = decodeJwt(pair.accessToken);
    expect(claims).toMatchObject({ kind: 'fiscal', acc: accountId, scope: 'administration-fiscale' });
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(grantEnd.getTime() / 1000));
    expect(res.cookies.find((c) => c.name === 'refreshToken')).toBeUndefined();
    const rotated = await findRefreshTokenByHash(db(), hashRefreshToken(pair.refreshToken));
    expect(rotated?.expires_at).toEqual(grantEnd);

    const onNormalRoute = await t.as(pair.accessToken).get('/api/user/me');
    expect(onNormalRoute.statusCode).toBe(403);
    expect(onNormalRoute.json().error.code).toBe('FISCAL_TOKEN_NOT_ALLOWED');
    const informations = await t.as(pair.accessToken).get('/api/informations');
    expect(informations.statusCode).toBe(200);
  });

  it('refuses a user token with WRONG_TOKEN_KIND, and the user endpoint refuses a fiscal one', async () => {
    const user = await createTestUser(db(), { accountId });
    const { refreshToken } = await signInAs(t, user.email);
    const res = await renew(refreshToken, 'administration-fiscale/');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('WRONG_TOKEN_KIND');
    expect((await renew(refreshToken)).statusCode).toBe(200);

    const fiscal = await fiscalRefreshToken(user.id, new Date(Date.now() + 60 * 60_000));
    const wrong = await renew(fiscal);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('WRONG_TOKEN_KIND');
  });
});

describe('GET /api/auth/accessToken/subuser/services', () => {
  function services(refreshToken?: string) {
    return t
      .as(null)
      .get('/api/auth/accessToken/subuser/services', { headers: refreshToken ? { refreshToken } : {} });
  }

  it("lists a sub-user's services", async () => {
    const user = await createTestUser(db(), {
      accountId,
      role: 'sub_user',
      services: ['sales_reporting', 'customer_account'],
    });
    const res = await services((await signInAs(t, user.email)).refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ services: ['customer_account', 'sales_reporting'] });
  });

  it('refuses a sub-user without any service with 403 SUB_USER_NO_ACCESS', async () => {
    const user = await createTestUser(db(), { accountId, role: 'sub_user' });
    const res = await services((await signInAs(t, user.email)).refreshToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SUB_USER_NO_ACCESS');
  });

  it('answers an empty list to a holder, and 401 without the header', async () => {
    const user = await createTestUser(db(), { accountId });
    expect((await services((await signInAs(t, user.email)).refreshToken)).json()).toEqual({
      services: [],
    });
    const anonymous = await services();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('logout', () => {
  it('POST revokes the refresh token and its session and clears the cookie', async () => {
    const user = await createTestUser(db(), { accountId });
    const pair = await signInAs(t, user.email);
    const res = await t.as(null).post('/auth/logout', { refreshToken: pair.refreshToken });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'refreshToken');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    const renewed = await renew(pair.refreshToken);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json().error.code).toBe('REFRESH_TOKEN_REVOKED');
    expect((await t.as(pair.accessToken).get('/api/user/me')).json().error.code).toBe('SESSION_REVOKED');
  });

  it('POST takes the token from the cookie when the body has none', async () => {
    const user = await createTestUser(db(), { accountId });
    const pair = await signInAs(t, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect((await renew(pair.refreshToken)).statusCode).toBe(401);
  });

  it('GET signs out with the cookie and goes back to the sign-in page', async () => {
    const user = await createTestUser(db(), { accountId });
    const pair = await signInAs(t, user.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/logout?redirect=/reporting/ventes',
      cookies: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/login?scope=bo-client&redirect=%2Freporting%2Fventes');
    expect(res.cookies.find((c) => c.name === 'refreshToken')?.value).toBe('');
    expect((await renew(pair.refreshToken)).statusCode).toBe(401);

    const foreign = await t.app.inject({ method: 'GET', url: '/auth/logout?redirect=https://evil.example' });
    expect(foreign.headers.location).toBe('/auth/login?scope=bo-client&redirect=%2F');
  });
});

describe('readable companies in the session', () => {
  it('a sub-user reads only its granted companies', async () => {
    const user = await createTestUser(db(), {
      accountId,
      role: 'sub_user',
      services: ['sales_reporting'],
      companyIds: [companyIds[1] ?? ''],
    });
    const res = await t.as((await signInAs(t, user.email)).accessToken).get('/api/user/me');
    expect(res.json().companies.map((c: { id: string }) => c.id)).toEqual([companyIds[1]]);
  });
});
