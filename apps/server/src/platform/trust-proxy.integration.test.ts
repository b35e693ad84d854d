import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-helpers';

const SIGN_IN_LIMIT = 30;

/** An empty sign-in (400) from `remoteAddress`, claiming to forward `forwardedFor`. */
function signIn(t: TestApp, remoteAddress: string, forwardedFor: string) {
  return t.as(null).post('/auth/login', {}, { remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
}

describe('with the default configuration (no TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('counts sign-ins by the connecting address, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      expect((await signIn(t, '198.51.100.7', `203.0.113.${i}`)).statusCode).toBe(400);
    }
    const res = await signIn(t, '198.51.100.7', '203.0.113.200');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('with TRUST_PROXY naming the reverse proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ trustProxy: ['192.0.2.10'] });
  });
  afterAll(() => t.close());

  it('counts each client the proxy forwards on its own', async () => {
    for (let i = 0; i <= SIGN_IN_LIMIT; i++) {
      expect((await signIn(t, '192.0.2.10', `203.0.113.${i}`)).statusCode).toBe(400);
    }
  });

  it('still counts a client that connects directly by its own address', async () => {
    for (let i = 0; i < SIGN_IN_LIMIT; i++) await signIn(t, '198.51.100.8', `203.0.113.${i}`);
    expect((await signIn(t, '198.51.100.8', '203.0.113.201')).statusCode).toBe(429);
  });
});
