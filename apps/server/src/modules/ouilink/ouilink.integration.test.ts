import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeOuilinkUserInfo, encodeOuilinkUserInfo, type OuilinkResponse } from '@comptoir/contracts';
import { buildTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';
import { insertOuilinkIntegration, setOuilinkAvailable } from './ouilink.test-fixtures';
import { verifyOuilinkToken } from './ouilink.token';

interface Holder {
  accountId: string;
  accessToken: string;
}

async function holderOf(
  t: TestApp,
  company: { name: string; siret?: string; city?: string },
): Promise<Holder> {
  const db = t.database.db;
  const { accountId } = await createAccount(db, { companies: [company] });
  const user = await createTestUser(db, { accountId, firstname: 'Camille', lastname: 'Le Goff' });
  const { accessToken } = await signInAs(t, user.email);
  return { accountId, accessToken };
}

async function openLink(t: TestApp, holder: Holder): Promise<{ status: number; body: OuilinkResponse }> {
  const res = await t.as(holder.accessToken).post('/api/ouilink');
  return { status: res.statusCode, body: res.json() };
}

/** The partner's health address, answering as each test says: 200, 503 or never. */
function startPartnerHealth(): Promise<{
  url: string;
  answer: 'ok' | 'down' | 'silent';
  close(): Promise<void>;
}> {
  const state = {
    url: '',
    answer: 'ok' as 'ok' | 'down' | 'silent',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((_request, response) => {
    if (state.answer === 'ok') response.end('{"status":"ok"}');
    if (state.answer === 'down') response.writeHead(503).end('maintenance');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
      resolve(state);
    }),
  );
}

describe('POST /api/ouilink with the local stand-in', () => {
  let t: TestApp;
  let validated: Holder;
  let waiting: Holder;

  beforeAll(async () => {
    t = await buildTestApp();
    validated = await holderOf(t, { name: 'Crêperie du Port', siret: '12345678900011', city: 'Quimper' });
    waiting = await holderOf(t, { name: 'Bistrot des Halles' });
    await insertOuilinkIntegration(t.database.db, validated.accountId, 'OL-4521');
    await insertOuilinkIntegration(t.database.db, waiting.accountId, null);
  });
  afterAll(() => t.close());
  beforeEach(() => setOuilinkAvailable(t.database.db, true));

  it('answers a token for the partner when the integration is validated', async () => {
    const { status, body } = await openLink(t, validated);
    expect(status).toBe(200);
    if (!('ouiLinkAccessToken' in body)) throw new Error(`no token: ${JSON.stringify(body)}`);
    expect(body.partnerUrl).toBe('/partner-standin/ouilink/catalogue');
    expect(await verifyOuilinkToken(t.app.serverKey, t.config.publicUrl, body.ouiLinkAccessToken)).toEqual({
      customerId: 'OL-4521',
      companyName: 'Crêperie du Port',
    });
  });

  it("greets the restaurant on the partner's page opened with k, and refuses a forged k", async () => {
    const { body } = await openLink(t, validated);
    if (!('ouiLinkAccessToken' in body)) throw new Error('no token');
    const page = await t.app.inject({
      url: `/partner-standin/ouilink/catalogue?k=${encodeURIComponent(body.ouiLinkAccessToken)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bonjour Crêperie du Port !');
    expect(page.body).toContain('OL-4521');
    // Framed by the portal only.
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");

    const [header, , signature] = body.ouiLinkAccessToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        iss: t.config.publicUrl,
        aud: 'ouilink',
        sub: 'OL-1',
        name: 'Autre',
        exp: 4102444800,
      }),
    ).toString('base64url');
    const forged = await t.app.inject({
      url: `/partner-standin/ouilink/catalogue?k=${header}.${forgedPayload}.${signature}`,
    });
    expect(forged.body).toContain('n’est plus valable');
    expect(forged.body).not.toContain('Bonjour');
  });

  it("answers noToken with the account's details while the integration waits, never another account's token", async () => {
    const { status, body } = await openLink(t, waiting);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('ouiLinkAccessToken');
    expect(body).toEqual({
      noToken: true,
      onboardingUrl: '/partner-standin/ouilink/inscription',
      userInfo: {
        companyName: 'Bistrot des Halles',
        siret: null,
        firstname: 'Camille',
        lastname: 'Le Goff',
        email: expect.stringMatching(/@comptoir\.test$/),
        address: null,
        establishments: [{ companyName: 'Bistrot des Halles', siret: null, address: null }],
      },
    });
  });

  it('answers noToken with the SIRET and the address when the account has no integration at all', async () => {
    const fresh = await holderOf(t, { name: 'Le Galion', siret: '98765432100027', city: 'Brest' });
    const { body } = await openLink(t, fresh);
    if (!('noToken' in body)) throw new Error(`not noToken: ${JSON.stringify(body)}`);
    expect(body.userInfo).toMatchObject({
      companyName: 'Le Galion',
      siret: '98765432100027',
      address: { street: null, zipcode: null, city: 'Brest', countryCode: 'FR' },
    });
  });

  it('sends every selected establishment to the onboarding page, not only the first', async () => {
    const db = t.database.db;
    const { accountId, companyIds } = await createAccount(db, {
      companies: [
        { name: 'Le Zinc', siret: '11111111100011', city: 'Rennes' },
        { name: 'Au Comptoir', city: 'Vannes' },
        { name: 'Brasserie du Port', siret: '33333333300033' },
      ],
    });
    const user = await createTestUser(db, { accountId });
    const { accessToken } = await signInAs(t, user.email);
    const [zinc, , port] = companyIds as [string, string, string];

    const all = (await t.as(accessToken).post('/api/ouilink')).json() as OuilinkResponse;
    if (!('noToken' in all)) throw new Error(`not noToken: ${JSON.stringify(all)}`);
    expect(all.userInfo.establishments).toEqual([
      { companyName: 'Au Comptoir', siret: null, address: expect.objectContaining({ city: 'Vannes' }) },
      { companyName: 'Brasserie du Port', siret: '33333333300033', address: null },
      {
        companyName: 'Le Zinc',
        siret: '11111111100011',
        address: expect.objectContaining({ city: 'Rennes' }),
      },
    ]);
    const page = await t.app.inject({
      url: `/partner-standin/ouilink/inscription?c=${encodeURIComponent(encodeOuilinkUserInfo(all.userInfo))}`,
    });
    for (const name of ['Au Comptoir', 'Brasserie du Port', 'Le Zinc']) expect(page.body).toContain(name);

    const two = (
      await t
        .as(accessToken)
        .post('/api/ouilink', undefined, { headers: { 'x-id-company': `${port},${zinc}` } })
    ).json() as OuilinkResponse;
    if (!('noToken' in two)) throw new Error('not noToken');
    expect(two.userInfo.establishments.map((e) => e.companyName)).toEqual(['Brasserie du Port', 'Le Zinc']);
  });

  it('names the holder who opens the link when the account has several', async () => {
    const second = await createTestUser(t.database.db, {
      accountId: waiting.accountId,
      firstname: 'Yann',
      lastname: 'Kervella',
    });
    const { accessToken } = await signInAs(t, second.email);
    const { body } = await openLink(t, { accountId: waiting.accountId, accessToken });
    if (!('noToken' in body)) throw new Error('not noToken');
    expect(body.userInfo).toMatchObject({ firstname: 'Yann', lastname: 'Kervella', email: second.email });
    expect((await openLink(t, waiting)).body).toMatchObject({ userInfo: { firstname: 'Camille' } });
  });

  it('prefills the onboarding page from c', async () => {
    const { body } = await openLink(t, waiting);
    if (!('noToken' in body)) throw new Error('not noToken');
    const c = encodeOuilinkUserInfo(body.userInfo);
    expect(decodeOuilinkUserInfo(c)).toEqual(body.userInfo);
    const page = await t.app.inject({
      url: `/partner-standin/ouilink/inscription?c=${encodeURIComponent(c)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="Bistrot des Halles"');
    expect(page.body).toContain('value="Le Goff"');
    expect(page.body).toContain(`value="${body.userInfo.email}"`);
  });

  it('answers maintenance while the partner is marked unavailable', async () => {
    await setOuilinkAvailable(t.database.db, false);
    expect((await openLink(t, validated)).body).toEqual({ maintenance: true });
  });

  it('refuses a caller without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ouilink' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/ouilink with a health address', () => {
  let t: TestApp;
  let partner: Awaited<ReturnType<typeof startPartnerHealth>>;
  let validated: Holder;

  beforeAll(async () => {
    partner = await startPartnerHealth();
    // Generous for a loaded machine: only the silent partner waits it out.
    t = await buildTestApp({ ouilinkHealthUrl: partner.url, ouilinkHealthTimeoutMs: 3000 });
    validated = await holderOf(t, { name: 'Crêperie du Port' });
    await insertOuilinkIntegration(t.database.db, validated.accountId, 'OL-77');
  });
  afterAll(async () => {
    await t.close();
    await partner.close();
  });

  it('answers the token while the partner answers OK', async () => {
    partner.answer = 'ok';
    expect((await openLink(t, validated)).body).toHaveProperty('ouiLinkAccessToken');
  });

  it('answers maintenance when the health address answers not-OK', async () => {
    partner.answer = 'down';
    expect((await openLink(t, validated)).body).toEqual({ maintenance: true });
  });

  it('answers maintenance when the health address does not answer in time', async () => {
    partner.answer = 'silent';
    expect((await openLink(t, validated)).body).toEqual({ maintenance: true });
  });
});
