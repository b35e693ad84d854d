import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  callerOf,
  createAccount,
  createTestUser,
  signInAs,
  type TestApp,
} from '../test-helpers';
import { authenticateSession } from './auth-guard';
import { registerErrorHandler } from './errors';

let t: TestApp;
/** A bare app on the same database whose routes answer the context the guard built. */
let probe: FastifyInstance;
let tenant: { accountId: string; companyIds: string[] };
let otherTenant: { accountId: string; companyIds: string[] };
let holderToken: string;
let subUserToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  probe = Fastify({ logger: false });
  probe.decorate('config', t.config);
  probe.decorate('database', t.database);
  registerErrorHandler(probe);
  const readers = { callers: ['holder', 'sub_user', 'staff'], viewAs: true, writes: false } as const;
  probe.get(
    '/ctx',
    { onRequest: (request) => authenticateSession(request, readers) },
    async (request) => request.ctx,
  );
  probe.get(
    '/sales',
    { onRequest: (request) => authenticateSession(request, { ...readers, service: 'sales_reporting' }) },
    async () => ({ ok: true }),
  );
  await probe.ready();

  tenant = await createAccount(t.database.db, {
    companies: [{ name: 'Brasserie du Port' }, { name: 'Café de la Gare' }],
  });
  otherTenant = await createAccount(t.database.db, { companies: [{ name: 'Chez Autrui' }] });
  const holder = await createTestUser(t.database.db, { accountId: tenant.accountId });
  holderToken = (await signInAs(t, holder.email)).accessToken;
  const subUser = await createTestUser(t.database.db, {
    accountId: tenant.accountId,
    role: 'sub_user',
    companyIds: [tenant.companyIds[0]!],
    services: ['customer_account'],
  });
  subUserToken = (await signInAs(t, subUser.email)).accessToken;
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

/** A caller of the bare probe app. */
const probeAs = (accessToken: string) => callerOf(probe, accessToken);

describe('x-id-company', () => {
  it('selects every readable company when the header is absent', async () => {
    const res = await probeAs(holderToken).get('/ctx');
    expect(res.statusCode).toBe(200);
    expect(res.json().selectedCompanyIds).toEqual(res.json().companyIds);
    expect(res.json().selectedCompanyIds).toHaveLength(2);
    expect(res.json().period).toBeUndefined();
  });

  it('selects one company, or several separated by commas', async () => {
    const [first, second] = tenant.companyIds as [string, string];
    expect(
      (await probeAs(holderToken).get('/ctx', { headers: { 'x-id-company': first } })).json()
        .selectedCompanyIds,
    ).toEqual([first]);
    const both = await probeAs(holderToken).get('/ctx', {
      headers: { 'x-id-company': ` ${second}, ${first.toUpperCase()} ` },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().selectedCompanyIds).toEqual([second, first]);
  });

  it('refuses an x-id-company the user may not read', async () => {
    const foreign = otherTenant.companyIds[0]!;
    const res = await probeAs(holderToken).get('/ctx', { headers: { 'x-id-company': foreign } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('COMPANY_FORBIDDEN');
    const mixed = await probeAs(holderToken).get('/ctx', {
      headers: { 'x-id-company': `${tenant.companyIds[0]},${foreign}` },
    });
    expect(mixed.statusCode).toBe(403);
    // The same check guards the real routes.
    const menu = await t.as(holderToken).get('/api/categories', { headers: { 'x-id-company': foreign } });
    expect(menu.statusCode).toBe(403);
    expect(menu.json().error.code).toBe('COMPANY_FORBIDDEN');
  });

  it("refuses a sub-user its own account's company it was not granted", async () => {
    const granted = await probeAs(subUserToken).get('/ctx', {
      headers: { 'x-id-company': tenant.companyIds[0]! },
    });
    expect(granted.statusCode).toBe(200);
    const notGranted = await probeAs(subUserToken).get('/ctx', {
      headers: { 'x-id-company': tenant.companyIds[1]! },
    });
    expect(notGranted.statusCode).toBe(403);
    expect(notGranted.json().error.code).toBe('COMPANY_FORBIDDEN');
  });

  it.each(['not-a-uuid', `${'0'.repeat(8)}-0000-0000-0000`, 'a,', ','])(
    'answers 400 INVALID_COMPANY_HEADER for %j',
    async (value) => {
      const res = await probeAs(holderToken).get('/ctx', { headers: { 'x-id-company': value } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_COMPANY_HEADER');
      expect(res.json().error.message).toContain('x-id-company');
    },
  );

  it('checks the token before the header', async () => {
    const res = await probe.inject({ method: 'GET', url: '/ctx', headers: { 'x-id-company': 'nope' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('x-date-begin and x-date-end', () => {
  it('reads dates and ISO datetimes into the period', async () => {
    const days = await probeAs(holderToken).get('/ctx', {
      headers: {
        'x-date-begin': '2026-03-01',
        'x-date-end': '2026-03-31',
      },
    });
    expect(days.json().period).toEqual({
      begin: { day: '2026-03-01', at: null },
      end: { day: '2026-03-31', at: null },
    });
    const instants = await probeAs(holderToken).get('/ctx', {
      headers: {
        'x-date-begin': '2026-02-28T23:30:00Z',
        'x-date-end': '2026-03-31T23:59:59+02:00',
      },
    });
    expect(instants.json().period).toEqual({
      // 23:30 UTC is already 1 March in Paris.
      begin: { day: '2026-03-01', at: '2026-02-28T23:30:00.000Z' },
      end: { day: '2026-03-31', at: '2026-03-31T21:59:59.000Z' },
    });
    const beginOnly = await probeAs(holderToken).get('/ctx', { headers: { 'x-date-begin': '2026-03-01' } });
    expect(beginOnly.json().period).toEqual({ begin: { day: '2026-03-01', at: null }, end: null });
  });

  it.each([
    [{ 'x-date-begin': '01/03/2026' }],
    [{ 'x-date-end': '2026-02-30' }],
    [{ 'x-date-begin': '2026-03-01T10:00:00' }],
    [{ 'x-date-begin': '2026-03-02', 'x-date-end': '2026-03-01' }],
    [{ 'x-date-begin': '2026-03-01T12:00:00Z', 'x-date-end': '2026-03-01T11:59:59Z' }],
  ])('answers 400 INVALID_DATE_HEADER for %j', async (headers) => {
    const res = await probeAs(holderToken).get('/ctx', { headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_DATE_HEADER');
  });
});

describe('requireService', () => {
  it('lets holders through and refuses a sub-user without the service with 403 SUB_USER_NO_ACCESS', async () => {
    expect((await probeAs(holderToken).get('/sales')).statusCode).toBe(200);
    const res = await probeAs(subUserToken).get('/sales');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SUB_USER_NO_ACCESS');
  });

  it('lets a sub-user with the service through', async () => {
    const user = await createTestUser(t.database.db, {
      accountId: tenant.accountId,
      role: 'sub_user',
      services: ['sales_reporting'],
    });
    expect((await probeAs((await signInAs(t, user.email)).accessToken).get('/sales')).statusCode).toBe(200);
  });
});
