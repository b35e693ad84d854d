import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../test-helpers';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A stand-in for the built portal: the tests must not depend on `npm run build`.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index.js'), 'console.log("portal");');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The one Content-Security-Policy of an answer (two headers would be a test failure). */
function policy(res: LightMyRequestResponse): string {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return header as string;
}

function expectPortalHeaders(res: LightMyRequestResponse): void {
  const csp = policy(res);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  // The test server's public address is http://localhost:3000.
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('are on an API answer', async () => {
    const res = await t.as(null).get('/api/health');
    expect(res.statusCode).toBe(200);
    expectPortalHeaders(res);
  });

  it('are on an error answer and on an API 404', async () => {
    const refused = await t.as(null).get('/api/auth/accessToken/?refreshToken=unknown');
    expect(refused.statusCode).toBe(401);
    expectPortalHeaders(refused);
    const invalid = await t.as(null).post('/auth/login', {});
    expect(invalid.statusCode).toBe(400);
    expectPortalHeaders(invalid);
    const missing = await t.as(null).get('/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expectPortalHeaders(missing);
  });

  it('are on the answer to a malformed URL, which Fastify gives before any hook', async () => {
    const res = await t.as(null).get('/api/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expectPortalHeaders(res);
  });

  it("are on the portal's index.html, at the root and on a deep link", async () => {
    for (const url of ['/', '/v2/sales-analysis']) {
      const res = await t.as(null).get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectPortalHeaders(res);
    }
  });

  it('are on a static asset', async () => {
    const res = await t.as(null).get('/assets/index.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('portal');
    expectPortalHeaders(res);
  });

  it('leave the sign-in page its own nonce policy, the only one it sends', async () => {
    const res = await t.as(null).get('/auth/login');
    expect(res.statusCode).toBe(200);
    const csp = policy(res);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('give the API documentation a policy that lets Swagger UI style itself, and only there', async () => {
    const page = await t.as(null).get('/api/docs/');
    expect(page.statusCode).toBe(200);
    const csp = policy(page);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const bundle = await t.as(null).get('/api/docs/static/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
    const document = await t.as(null).get('/api/docs/json');
    expect(document.statusCode).toBe(200);
    expect(policy(await t.as(null).get('/api/health'))).not.toContain('unsafe-inline');
  });
});
