import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewAsResponse } from '@comptoir/contracts';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  openViewAs,
  signInAs,
  type TestApp,
} from '../../test-helpers';

let t: TestApp;
let viewed: { accountId: string; companyIds: string[] };
let other: { accountId: string; companyIds: string[] };
let holderEmail: string;
let holderToken: string;
let staffToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  viewed = await createAccount(db, {
    edition: 'suite',
    companies: [{ name: 'Brasserie du Port' }, { name: 'Café de la Gare' }],
  });
  other = await createAccount(db, { companies: [{ name: 'Crêperie Autrui' }] });
  // The customer-space user is created first: the holder shown is still the account's own holder.
  await createTestUser(db, {
    accountId: viewed.accountId,
    firstname: 'Hugo',
    lastname: 'Petit',
    groups: ['espace_client'],
  });
  const holder = await createTestUser(db, {
    accountId: viewed.accountId,
    firstname: 'Camille',
    lastname: 'Dupont',
  });
  holderEmail = holder.email;
  holderToken = (await signInAs(t, holder.email)).accessToken;
  const staff = await createTestUser(db, { accountId: null, role: 'staff' });
  staffToken = (await signInAs(t, staff.email)).accessToken;
});
afterAll(() => t.close());

describe('GET /api/support/accounts', () => {
  it('lists the customer accounts with their holder and number of establishments for support staff', async () => {
    const res = await t.as(staffToken).get('/api/support/accounts');
    expect(res.statusCode).toBe(200);
    const accounts = res.json().accounts as { id: string }[];
    expect(accounts.find((a) => a.id === viewed.accountId)).toEqual({
      id: viewed.accountId,
      name: expect.any(String),
      edition: 'suite',
      holderName: 'Camille Dupont',
      holderEmail,
      establishmentCount: 2,
    });
    expect(accounts.find((a) => a.id === other.accountId)).toMatchObject({
      edition: 'standard',
      holderName: null,
      holderEmail: null,
      establishmentCount: 1,
    });
  });

  it('refuses anyone but support staff with 403 STAFF_ONLY', async () => {
    const subUser = await createTestUser(t.database.db, {
      accountId: viewed.accountId,
      role: 'sub_user',
      services: ['sales_reporting'],
    });
    for (const token of [holderToken, (await signInAs(t, subUser.email)).accessToken]) {
      const res = await t.as(token).get('/api/support/accounts');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('STAFF_ONLY');
    }
    expect((await t.as(null).get('/api/support/accounts')).statusCode).toBe(401);
  });
});

describe('POST /api/support/view-as', () => {
  it('opens an eight-hour view-as session whose path is /connect-as/{token}', async () => {
    const res = await t.as(staffToken).post('/api/support/view-as', { accountId: viewed.accountId });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.path).toBe(`/connect-as/${body.viewAsCustomerToken}`);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(8 * 3_600_000 - 60_000);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(8 * 3_600_000);
    const rows = await t.database.db
      .selectFrom('refresh_tokens')
      .select(['kind', 'account_id', 'user_id'])
      .where('kind', '=', 'view_as')
      .execute();
    expect(rows).toContainEqual({
      kind: 'view_as',
      account_id: viewed.accountId,
      user_id: decodeJwt(staffToken).sub,
    });
  });

  it('gives read-only access tokens that read the viewed account', async () => {
    const opened = await t.as(staffToken).post('/api/support/view-as', { accountId: viewed.accountId });
    expect(opened.statusCode).toBe(201);
    const { viewAsCustomerToken } = opened.json<ViewAsResponse>();
    // What the portal does on /connect-as/{token}: exchange the view-as token for an access token.
    const renewed = await t
      .as(null)
      .get(`/api/auth/accessToken/?refreshToken=${encodeURIComponent(viewAsCustomerToken)}`);
    expect(renewed.statusCode).toBe(200);
    // The view-as token never replaces the support user's own session cookie.
    expect(renewed.headers['set-cookie']).toBeUndefined();
    const { accessToken, refreshToken } = renewed.json();
    expect(refreshToken).not.toBe(viewAsCustomerToken);
    expect(decodeJwt(accessToken)).toMatchObject({ kind: 'view_as', acc: viewed.accountId });

    const me = await t.as(accessToken).get('/api/user/me');
    expect(me.statusCode).toBe(200);
    expect(
      me
        .json()
        .companies.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([...viewed.companyIds].sort());
    expect(me.json().connected_as).toBe(`Camille Dupont (${holderEmail})`);
    // The portal greets and names the viewed account's holder, never the support user.
    expect(me.json()).toMatchObject({ firstname: 'Camille', lastname: 'Dupont', email: holderEmail });

    expect((await t.as(accessToken).get('/api/categories')).statusCode).toBe(200);
    const foreign = await t
      .as(accessToken)
      .get('/api/categories', { headers: { 'x-id-company': other.companyIds[0]! } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('COMPANY_FORBIDDEN');
  });

  it('refuses writes in a view-as session', async () => {
    const { accessToken } = await openViewAs(t, staffToken, viewed.accountId);
    const res = await t.as(accessToken).put('/api/user/local', { local: 'es-ES' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('VIEW_AS_READ_ONLY');
    const nested = await t.as(accessToken).post('/api/support/view-as', { accountId: other.accountId });
    expect(nested.statusCode).toBe(403);
    // Nor may a view-as session list the accounts, although that is a read.
    expect((await t.as(accessToken).get('/api/support/accounts')).json().error.code).toBe('STAFF_ONLY');
  });

  it('keeps connected_as null outside a view-as session', async () => {
    expect((await t.as(holderToken).get('/api/user/me')).json().connected_as).toBeNull();
    expect((await t.as(staffToken).get('/api/user/me')).json()).toMatchObject({
      connected_as: null,
      companies: [],
    });
  });

  it('refuses a holder with 403 STAFF_ONLY', async () => {
    const res = await t.as(holderToken).post('/api/support/view-as', { accountId: other.accountId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STAFF_ONLY');
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown account and 400 for a malformed id', async () => {
    const unknown = await t.as(staffToken).post('/api/support/view-as', { accountId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ACCOUNT_NOT_FOUND');
    const malformed = await t.as(staffToken).post('/api/support/view-as', { accountId: 'x' });
    expect(malformed.statusCode).toBe(400);
  });
});
