import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppOn, uniqueAddress, type TestApp } from '../test-helpers';
import { sharedTestDatabase, type SharedTestDatabase } from '../testing/instances';
import { countRateLimitHit, sweepRateLimitCounters } from './rate-limits';

/** A wrong sign-in of a new unknown e-mail each time: only the per-address limit (30 a minute) counts. */
let attempt = 0;
function wrongSignIn(t: TestApp, address: string) {
  attempt += 1;
  return t
    .as(null)
    .post(
      '/auth/login',
      { email: `nobody-${attempt}@example.test`, password: 'Wrong-password-1' },
      { remoteAddress: address },
    );
}

describe('rate limits counted in the database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 TOO_MANY_REQUESTS with Retry-After on the 31st sign-in of an address in a minute', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 30; i += 1) expect((await wrongSignIn(t, address)).statusCode).toBe(401);

    const refused = await wrongSignIn(t, address);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await wrongSignIn(t, uniqueAddress())).statusCode).toBe(401);
    const counter = await t.database.db
      .selectFrom('rate_limit_counters')
      .selectAll()
      .where('key', '=', address)
      .executeTakeFirstOrThrow();
    expect(counter).toMatchObject({ name: 'POST /auth/login', hits: 31, window_ms: 60_000 });
  });

  it('starts a new window after the last one ended, and sweeps ended windows', async () => {
    const db = t.database.db;
    const start = Date.parse('2026-11-29T08:00:00Z');
    expect(await countRateLimitHit(db, 'test', 'k', 60_000, start)).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await countRateLimitHit(db, 'test', 'k', 60_000, start + 59_000)).toEqual({
      hits: 2,
      ttlMs: 1_000,
    });
    expect(await countRateLimitHit(db, 'test', 'k', 60_000, start + 60_000)).toEqual({
      hits: 1,
      ttlMs: 60_000,
    });

    expect(await sweepRateLimitCounters(db, start + 119_999)).toBe(0);
    const swept = await sweepRateLimitCounters(db, start + 120_000);

    expect(swept).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('name', '=', 'test')
      .execute();
    expect(left).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'rate limits shared by two instances on one PostgreSQL database',
  () => {
    let shared: SharedTestDatabase;
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      shared = (await sharedTestDatabase())!;
      first = await buildTestAppOn(await shared.open());
      second = await buildTestAppOn(await shared.open());
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await shared?.drop();
    });

    it('refuses the 31st wrong sign-in of an address though 20 went to each instance', async () => {
      const address = uniqueAddress();
      for (let i = 0; i < 20; i += 1) expect((await wrongSignIn(first, address)).statusCode).toBe(401);
      const answers: number[] = [];
      for (let i = 0; i < 20; i += 1) answers.push((await wrongSignIn(second, address)).statusCode);

      expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(answers.slice(10)).toEqual(Array(10).fill(429));
      expect((await wrongSignIn(first, address)).statusCode).toBe(429);
    });
  },
);
