import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';
import { insertRefreshToken } from '../auth/auth.repository';
import {
  getJwtSecret,
  newRefreshToken,
  signAccessToken,
  type AccessTokenClaims,
} from '../../platform/tokens';

let t: TestApp;
let accountId: string;
let companyIds: string[];

beforeAll(async () => {
  t = await buildTestApp();
  ({ accountId, companyIds } = await createAccount(t.database.db, {
    edition: 'suite',
    companies: [
      { name: 'Café de la Gare', siret: '12345678900021', city: 'Lyon' },
      { name: 'Brasserie du Port', siret: '12345678900013', city: 'Marseille' },
    ],
  }));
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('GET /api/user/me', () => {
  it("answers the caller's profile, groups and readable companies by name", async () => {
    const user = await createTestUser(db(), {
      accountId,
      firstname: 'Camille',
      lastname: 'Dupont',
      groups: ['export_product_lines', 'comptoir-suite'],
    });
    const { accessToken } = await signInAs(t, user.email);
    const res = await t.as(accessToken).get('/api/user/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.email,
      email: user.email,
      firstname: 'Camille',
      lastname: 'Dupont',
      type: 'holder',
      groups: [{ name: 'comptoir-suite' }, { name: 'export_product_lines' }],
      edition: 'suite',
      hasMigratedEmail: false,
      sessionId: decodeJwt(accessToken).sid,
      connected_as: null,
      locale: 'fr-FR',
      companies: [
        { id: companyIds[1], company_name: 'Brasserie du Port', siret: '12345678900013', city: 'Marseille' },
        { id: companyIds[0], company_name: 'Café de la Gare', siret: '12345678900021', city: 'Lyon' },
      ],
    });
  });

  it("never lists another account's companies", async () => {
    const other = await createAccount(db(), { companies: [{ name: 'Chez Autrui' }] });
    const user = await createTestUser(db(), { accountId: other.accountId });
    const res = await t.as((await signInAs(t, user.email)).accessToken).get('/api/user/me');
    expect(res.json().companies.map((c: { id: string }) => c.id)).toEqual(other.companyIds);
  });

  it('gives support staff outside a view-as session no company', async () => {
    const staff = await createTestUser(db(), { accountId: null, role: 'staff' });
    const res = await t.as((await signInAs(t, staff.email)).accessToken).get('/api/user/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'staff', companies: [] });
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const res = await t.as(null).get('/api/user/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Authentification requise.' } });
  });

  it('answers 401 ACCESS_TOKEN_EXPIRED for an expired token', async () => {
    const user = await createTestUser(db(), { accountId });
    const { accessToken } = await signInAs(t, user.email);
    const claims = decodeJwt(accessToken) as unknown as AccessTokenClaims;
    const expired = await signAccessToken(getJwtSecret(t.config), claims, {
      now: new Date(Date.now() - 16 * 60_000),
    });
    const res = await t.as(expired).get('/api/user/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('ACCESS_TOKEN_EXPIRED');
  });

  it('answers 401 INVALID_TOKEN for a token signed with another key or mangled', async () => {
    const user = await createTestUser(db(), { accountId });
    const { accessToken } = await signInAs(t, user.email);
    const claims = decodeJwt(accessToken) as unknown as AccessTokenClaims;
    const foreign = await signAccessToken(crypto.randomBytes(32), claims);
    expect((await t.as(foreign).get('/api/user/me')).json().error.code).toBe('INVALID_TOKEN');
    expect((await t.as(`${accessToken}x`).get('/api/user/me')).json().error.code).toBe('INVALID_TOKEN');
  });

  it('accepts the bare token in the authorization header', async () => {
    const user = await createTestUser(db(), { accountId });
    const { accessToken } = await signInAs(t, user.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: accessToken },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('/api/user/local', () => {
  it('reads fr-FR by default, saves es-ES, then reads it back', async () => {
    const user = await createTestUser(db(), { accountId });
    const { accessToken } = await signInAs(t, user.email);
    expect((await t.as(accessToken).get('/api/user/local')).json()).toEqual({ local: 'fr-FR' });
    const put = await t.as(accessToken).put('/api/user/local', { local: 'es-ES' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ local: 'es-ES' });
    expect((await t.as(accessToken).get('/api/user/local')).json()).toEqual({ local: 'es-ES' });
    expect((await t.as(accessToken).get('/api/user/me')).json().locale).toBe('es-ES');
  });

  it.each(['de-DE', 'en-GB', 'fr', ''])('refuses the locale %j with 400', async (local) => {
    const user = await createTestUser(db(), { accountId });
    const { accessToken } = await signInAs(t, user.email);
    const res = await t.as(accessToken).put('/api/user/local', { local });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect((await t.as(accessToken).get('/api/user/local')).json()).toEqual({ local: 'fr-FR' });
  });

  it('refuses a change in view-as-customer mode, which is read-only', async () => {
    const holder = await createTestUser(db(), { accountId });
    const sessionId = crypto.randomUUID();
    await insertRefreshToken(db(), {
      id: crypto.randomUUID(),
      user_id: holder.id,
      token_hash: newRefreshToken().hash,
      kind: 'view_as',
      account_id: accountId,
      scope: 'bo-client',
      session_id: sessionId,
      expires_at: new Date(Date.now() + 3_600_000),
    });
    const viewAs = await signAccessToken(getJwtSecret(t.config), {
      sub: holder.id,
      acc: accountId,
      role: 'holder',
      groups: [],
      scope: 'bo-client',
      sid: sessionId,
      kind: 'view_as',
    });
    expect((await t.as(viewAs).get('/api/user/me')).json().companies).toHaveLength(2);
    const res = await t.as(viewAs).put('/api/user/local', { local: 'ca-ES' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('VIEW_AS_READ_ONLY');
  });
});

describe('GET /api/informations', () => {
  it('answers the version labels of spec §9', async () => {
    const user = await createTestUser(db(), { accountId });
    const res = await t.as((await signInAs(t, user.email)).accessToken).get('/api/informations');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reportingClientVersion: '3.0.1',
      reportingServerVersion: '2.1.9',
      fiscalModuleClientVersion: '2.5',
      fiscalModuleServerVersion: '2.5',
      uiVersion: '1.2.1',
      appVersion: '4.0.0',
    });
  });

  it('answers 401 without a token', async () => {
    expect((await t.as(null).get('/api/informations')).statusCode).toBe(401);
  });
});
