import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { ChainWriter } from '@comptoir/fiscal';
import {
  buildTestApp,
  createTestTenant,
  enrolRegister,
  oneLineOrder,
  signInAs,
  type TestApp,
} from '../test-helpers';

let t: TestApp;
let guarded: TestApp;
const TOKEN = 'metrics-token-of-the-operator-0123456789';

beforeAll(async () => {
  t = await buildTestApp();
  guarded = await buildTestApp({ metricsToken: TOKEN, trustProxy: ['10.0.0.5'] });
});
afterAll(async () => {
  await t.close();
  await guarded.close();
});

/** One sample's value from a scrape: `name{labels} value`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((w) => present.includes(w))) return Number(match[3]);
  }
  return null;
}

describe('GET /metrics (issue 33, part 8)', () => {
  it('counts requests per route pattern, never per URL, with their durations, in Prometheus text', async () => {
    for (let i = 0; i < 3; i++) await t.as(null).get('/api/health');
    await t.as(null).get('/api/user/me');
    const res = await t.as(null).get('/metrics', { remoteAddress: '127.0.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'comptoir_http_requests_total', { route: '/api/health', status: '200' })).toBe(3);
    expect(sample(text, 'comptoir_http_requests_total', { route: '/api/user/me', status: '401' })).toBe(1);
    expect(sample(text, 'comptoir_http_request_duration_seconds_count', { route: '/api/health' })).toBe(3);
    expect(
      sample(text, 'comptoir_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' }),
    ).toBe(3);
    // What every instance shares is read from the database.
    expect(sample(text, 'comptoir_signature_check_defects')).toBe(0);
    expect(text).toContain('# TYPE comptoir_jobs gauge');
    expect(text).toContain('# TYPE comptoir_mail_outbox gauge');
    expect(sample(text, 'comptoir_ingested_records_total')).toBe(0);
  });

  it('counts the records the registers’ accepted batches carried', async () => {
    const tenant = await createTestTenant(t);
    const { accessToken } = await signInAs(t, tenant.holderEmail, tenant.password);
    const register = await enrolRegister(t, accessToken, tenant.companyIds[0]!);
    const chain = new ChainWriter(register.keys.privateKey, register.registerId, 'order');
    const day = '2026-03-10';
    const batch = [1, 2].map((n) => chain.append(`${day}T1${n}:00:00.000Z`, oneLineOrder(n, day)));
    const posted = await t
      .asRegister(register.registerToken)
      .post(`/pos/v1/registers/${register.registerId}/batches`, {
        batchId: crypto.randomUUID(),
        records: batch,
      });
    expect(posted.statusCode, posted.body).toBe(200);
    const text = (await t.as(null).get('/metrics', { remoteAddress: '127.0.0.1' })).body;
    expect(sample(text, 'comptoir_ingested_records_total')).toBe(2);
  });

  it('answers a caller elsewhere only with METRICS_TOKEN, and never trusts loopback behind a proxy', async () => {
    expect((await t.as(null).get('/metrics', { remoteAddress: '192.0.2.7' })).statusCode).toBe(403);
    const refused = await guarded.as(null).get('/metrics', { remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('METRICS_FORBIDDEN');
    expect((await guarded.as('wrong-token').get('/metrics', { remoteAddress: '192.0.2.7' })).statusCode).toBe(
      403,
    );
    const allowed = await guarded.as(TOKEN).get('/metrics', { remoteAddress: '192.0.2.7' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('comptoir_http_requests_total');
  });
});
