import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestTenant, type TestApp, type TestSession } from '../test-helpers';
import { redactUrl } from './logging';

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

  it('leaves other parameters and paths without a query as they are', () => {
    expect(redactUrl('/api/reports?startDate=2026-01-01&locale=fr')).toBe(
      '/api/reports?startDate=2026-01-01&locale=fr',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
