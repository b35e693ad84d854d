import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import { defaultServerKeyFile } from '../../platform/server-key';
import { buildTestApp, type TestApp } from '../../test-helpers';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the engine and the number of applied migrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      migrations: Object.keys(migrations).length,
    });
  });

  it('answers an unknown API path with the error shape, not a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/ready', () => {
  let t: TestApp;
  let unwritable: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-ready-'));
    unwritable = await buildTestApp({
      dataDir: dir,
      serverSigningKeyFile: t.config.serverSigningKeyFile ?? defaultServerKeyFile(t.config.dataDir),
    });
    // Once started, the file store's directory becomes a file: nothing can be written under it.
    fs.rmSync(path.join(dir, 'files'), { recursive: true, force: true });
    fs.writeFileSync(path.join(dir, 'files'), '');
  });
  afterAll(async () => {
    await t.close();
    await unwritable.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers ready when the database and the file store answer', async () => {
    const res = await t.as(null).get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'database', isReady: true, ms: expect.any(Number) },
        { name: 'files', isReady: true, ms: expect.any(Number) },
      ],
    });
  });

  // The local-disk store (PGlite); on PostgreSQL the files live in the database the first check asks.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'answers 503 with Retry-After when the file store cannot be written, while health stays ok',
    async () => {
      const res = await unwritable.as(null).get('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().status).toBe('unavailable');
      expect(res.json().checks).toEqual([
        { name: 'database', isReady: true, ms: expect.any(Number) },
        {
          name: 'files',
          isReady: false,
          ms: expect.any(Number),
          problem: expect.stringMatching(/ENOTDIR|EEXIST/),
        },
      ]);
      expect((await unwritable.as(null).get('/api/health')).statusCode).toBe(200);
    },
  );

  it('asks a dependency that joins the list, and counts one that does not answer in time as down', async () => {
    const app = await buildTestApp();
    try {
      app.app.readiness.add({ name: 'replica', check: () => new Promise(() => {}) });
      const started = performance.now();
      const res = await app.as(null).get('/api/ready');
      expect(performance.now() - started).toBeLessThan(4_000);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toContainEqual({
        name: 'replica',
        isReady: false,
        ms: expect.any(Number),
        problem: 'no answer within 2000 ms',
      });
    } finally {
      await app.close();
    }
  });
});
