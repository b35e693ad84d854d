import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '@comptoir/contracts';
import { openDatabase } from '../db/database';
import { startOwnPostgres, type OwnPostgres } from '../testing/postgres-cluster';
import {
  buildTestAppOn,
  createTestTenant,
  signInAs,
  uniqueAddress,
  type TestApp,
  type TestResponse,
} from '../test-helpers';

/** Every answer during the outage comes within this bound: a refused connection, never a wait. */
const OUTAGE_ANSWER_BOUND_MS = 6_000;

// An outage needs a server the test may stop: a PostgreSQL cluster of its own, in the PostgreSQL phase.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL outage', () => {
  let cluster: OwnPostgres;
  let t: TestApp;
  let holderToken: string;

  beforeAll(async () => {
    cluster = await startOwnPostgres();
    t = await buildTestAppOn(await openDatabase({ databaseUrl: cluster.url }));
    const tenant = await createTestTenant(t);
    holderToken = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  async function timed(call: () => Promise<TestResponse>): Promise<{ res: TestResponse; ms: number }> {
    const started = performance.now();
    const res = await call();
    return { res, ms: performance.now() - started };
  }

  it('answers 503 with Retry-After on every route that needs the database, then 200 once it is back', async () => {
    expect((await t.as(holderToken).get('/api/user/me')).statusCode).toBe(200);

    await cluster.pause();
    const health = await t.as(null).get('/api/health');
    expect(health.statusCode).toBe(200);
    const ready = await timed(() => t.as(null).get('/api/ready'));
    expect(ready.res.statusCode).toBe(503);
    expect(ready.res.headers['retry-after']).toBe('5');
    expect(ready.res.json().checks).toContainEqual(
      expect.objectContaining({ name: 'database', isReady: false }),
    );
    expect(ready.ms).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const calls: [string, () => Promise<TestResponse>][] = [
      ['a signed-in page', () => t.as(holderToken).get('/api/user/me')],
      ['the menu', () => t.as(holderToken).get('/api/categories')],
      [
        'a sign-in',
        () =>
          t.as(null, { remoteAddress: uniqueAddress() }).post('/auth/login', {
            email: 'nobody@example.test',
            password: 'Wrong-password-1',
          }),
      ],
      [
        'a register',
        () =>
          t
            .asRegister('unknown-register-token')
            .get('/pos/v1/customer-accounts?registerId=00000000-0000-4000-8000-000000000000'),
      ],
    ];
    for (const [what, call] of calls) {
      const { res, ms } = await timed(call);
      expect({ what, status: res.statusCode, retryAfter: res.headers['retry-after'] }).toEqual({
        what,
        status: 503,
        retryAfter: '5',
      });
      expect(res.json().error.code).toBe(DATABASE_UNAVAILABLE);
      expect(res.json().error.message).toMatch(/réessayez/);
      expect(ms).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);
    }

    // Every GET of the route table, as the holder: a 503 or an answer that needed no database, never a 500.
    const gets = t.app.accessTable.filter((r) => r.method === 'GET' && !r.isPluginRoute);
    const slowOrFailed: string[] = [];
    for (const route of gets) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const { res, ms } = await timed(() => t.as(holderToken).get(url));
      const isAnswered = res.statusCode === 503 ? res.headers['retry-after'] === '5' : res.statusCode < 500;
      if (!isAnswered || ms > OUTAGE_ANSWER_BOUND_MS)
        slowOrFailed.push(`${url} ${res.statusCode} ${Math.round(ms)} ms`);
    }
    expect(gets.length).toBeGreaterThan(50);
    expect(slowOrFailed).toEqual([]);

    await cluster.resume();
    expect((await t.as(null).get('/api/ready')).statusCode).toBe(200);
    expect((await t.as(holderToken).get('/api/user/me')).statusCode).toBe(200);
  }, 120_000);
});
