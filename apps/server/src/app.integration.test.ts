import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-helpers';

describe('the server shell', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Comptoir</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/auth/login',
        '/api/user/me',
        '/pos/v1/registers/{registerId}/batches',
      ]),
    );
    expect(doc.paths['/pos/v1/registers/{registerId}/batches'].post.requestBody).toBeDefined();
  });

  it('serves the portal for deep links and its assets as files', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/administration-fiscale/clotures/details/42' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with a JSON 404, not the portal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
