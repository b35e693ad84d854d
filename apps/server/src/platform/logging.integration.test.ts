import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestTenant, type TestApp, type TestSession } from '../test-helpers';
import { isSecretParameter, redactUrl } from './logging';

let t: TestApp;
let lines: string[] = [];

/** The whole app as the server builds it, logging to `lines`. */
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  t = await buildTestApp({}, { level: 'info', stream });
});
afterAll(() => t.close());

async function signIn(): Promise<TestSession> {
  const tenant = await createTestTenant(t);
  const res = await t
    .as(null)
    .post('/auth/login', { email: tenant.holderEmail, password: tenant.password, scope: 'bo-client' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('request logs', () => {
  it('renew a session without writing its refresh token, access token or cookie to the log', async () => {
    const { accessToken, refreshToken } = await signIn();
    lines = [];
    const res = await t
      .as(accessToken)
      .get(`/api/auth/accessToken/?refreshToken=${encodeURIComponent(refreshToken)}`, {
        headers: { cookie: `refreshToken=${refreshToken}` },
      });
    expect(res.statusCode).toBe(200);
    expect(res.json().refreshToken).not.toBe(refreshToken);
    const log = lines.join('');
    expect(log).toContain('/api/auth/accessToken/?refreshToken=[redacted]');
    expect(log).not.toContain(refreshToken);
    expect(log).not.toContain(encodeURIComponent(refreshToken));
    expect(log).not.toContain(accessToken);
  });

  it('opens the portal page of a view-as token without writing the token to the log', async () => {
    lines = [];
    await t.as(null).get('/connect-as/VIEW-AS-SECRET-1');
    await t.as(null).get('/connect-as/VIEW-AS-SECRET-2/');
    const log = lines.join('');
    expect(log).toContain('/connect-as/[redacted]');
    expect(log).not.toContain('VIEW-AS-SECRET');
  });

  it('opens a referral link and signs up through it without writing the invitation code to the log', async () => {
    lines = [];
    await t.as(null).get('/parrainage/invitation/INVITATION-SECRET-1');
    await t.as(null).post('/api/sponsorship/invitations/INVITATION-SECRET-2/sign-up', {});
    const log = lines.join('');
    expect(log).toContain('/parrainage/invitation/[redacted]');
    expect(log).toContain('/api/sponsorship/invitations/[redacted]/sign-up');
    expect(log).not.toContain('INVITATION-SECRET');
  });

  it('writes no secret path parameter of any route of the route table to the log', async () => {
    const routes = t.app.accessTable.filter((route) => route.method !== 'HEAD');
    const parameters = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
    // Every path parameter is either secret (the log hides it) or known here not to be: a new
    // parameter must be classified before its route passes.
    const unclassified = routes.flatMap((route) =>
      parameters(route.url)
        .filter((name) => !isSecretParameter(name) && !NON_SECRET_PATH_PARAMETERS.has(name))
        .map((name) => `${route.method} ${route.url} :${name}`),
    );
    expect(unclassified).toEqual([]);
    const secretRoutes = routes.filter((route) => parameters(route.url).some(isSecretParameter));
    expect(secretRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /connect-as/:viewAsCustomerToken',
        'GET /parrainage/invitation/:code',
        'POST /api/sponsorship/invitations/:code/sign-up',
      ]),
    );
    for (const [index, route] of secretRoutes.entries()) {
      const secret = `PATH-SECRET-${index}-Zq9`;
      const url = route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
        isSecretParameter(name) ? secret : 'x',
      );
      lines = [];
      await t.app.inject({ method: route.method as 'GET', url: `${url}?token=${secret}&a=1` });
      const log = lines.join('');
      const expected = route.url.replace(/:([A-Za-z]+)/g, (match, name: string) =>
        isSecretParameter(name) ? '[redacted]' : 'x',
      );
      expect(log, `${route.method} ${route.url}`).toContain(`${expected}?token=[redacted]&a=1`);
      expect(log, `${route.method} ${route.url}`).not.toContain(secret);
    }
  });

  it('censor credential headers wherever a log line carries them', () => {
    lines = [];
    t.app.log.info(
      {
        headers: {
          authorization: 'Bearer secret-a',
          cookie: 'refreshToken=secret-b',
          refreshtoken: 'secret-c',
        },
      },
      'headers',
    );
    const log = lines.join('');
    expect(log).toContain('headers');
    expect(log).not.toMatch(/secret-[abc]/);
  });
});

/** Path parameters that carry no credential: ids, names and kinds the caller's own access guards. */
const NON_SECRET_PATH_PARAMETERS = new Set([
  'id',
  'ids',
  'archiveId',
  'companyId',
  'exportId',
  'jobId',
  'pdfId',
  'registerId',
  'file',
  'index',
  'kind',
  'name',
]);

describe('redactUrl', () => {
  it('hides the value of every secret-bearing query parameter', () => {
    expect(redactUrl('/api/auth/accessToken/?refreshToken=abc')).toBe(
      '/api/auth/accessToken/?refreshToken=[redacted]',
    );
    expect(redactUrl('/fisc-connect-as?token=abc&x=1')).toBe('/fisc-connect-as?token=[redacted]&x=1');
    expect(redactUrl('/check-new-email?verificationToken=abc')).toBe(
      '/check-new-email?verificationToken=[redacted]',
    );
    expect(redactUrl('/data/pdf?db=d&ts=1&signature=abc&action=z')).toBe(
      '/data/pdf?db=d&ts=1&signature=[redacted]&action=z',
    );
    expect(redactUrl('/x?%72efreshToken=abc')).toBe('/x?%72efreshToken=[redacted]');
  });

  it("hides a secret path parameter by the route's pattern, with the same rule as the query", () => {
    expect(redactUrl('/parrainage/invitation/abc?x=1', '/parrainage/invitation/:code')).toBe(
      '/parrainage/invitation/[redacted]?x=1',
    );
    expect(redactUrl('/connect-as/abc/', '/connect-as/:viewAsCustomerToken/')).toBe(
      '/connect-as/[redacted]/',
    );
    expect(redactUrl('/api/feed/abc', '/api/feed/:name')).toBe('/api/feed/abc');
  });

  it('leaves other parameters and paths without a query as they are', () => {
    expect(redactUrl('/api/reports?startDate=2026-01-01&locale=fr')).toBe(
      '/api/reports?startDate=2026-01-01&locale=fr',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
