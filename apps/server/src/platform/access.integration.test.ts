import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-helpers';
import { access, installAccessControl } from './access';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Operation {
  summary?: string;
  security?: unknown[];
  'x-access'?: {
    callers?: string[];
    public?: boolean;
    register?: boolean;
    viewAs?: boolean;
    writes: boolean;
  };
}

function operations(): [string, Operation][] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      op,
    ]),
  );
}

describe('route access declarations', () => {
  it('refuses to start when a route declares no access', async () => {
    const app = Fastify({ logger: false });
    installAccessControl(app, { authenticateRegister: async () => {} });
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(
      'GET /api/forgotten declares no access',
    );
    await app.close();
  });

  it('starts when every route declares one, and lets a public route through without a token', async () => {
    const app = Fastify({ logger: false });
    installAccessControl(app, { authenticateRegister: async () => {} });
    app.get(
      '/api/open',
      { config: { access: access.public('a test route', { writes: false }) } },
      async () => ({ ok: true }),
    );
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/open' })).json()).toEqual({ ok: true });
    expect(app.accessTable.map((route) => `${route.method} ${route.url}`)).toEqual(['GET /api/open']);
    await app.close();
  });

  it('shows every operation of the OpenAPI document with its security and an x-access extension', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(60);
    for (const [name, op] of ops) {
      expect(op['x-access'], name).toBeDefined();
      expect(op.security, name).toBeDefined();
      expect(op.summary, name).toBeTruthy();
    }
  });

  it('declares the fiscal archive, a GET that queues a job and mails links, as a write closed to view-as and open to the inspector', () => {
    const archive = operations().find(
      ([name]) => name === 'GET /api/administration-fiscale/{companyId}/',
    )![1];
    expect(archive['x-access']).toEqual({
      callers: ['holder', 'sub_user', 'inspector'],
      service: 'fiscal_administration',
      viewAs: false,
      writes: true,
    });
    expect(archive.security).toEqual([{ accessToken: [] }]);
  });

  it('lists every route of the running app, hidden ones included, each with its declaration', () => {
    const declared = t.app.accessTable.filter((route) => !route.isPluginRoute);
    const urls = declared.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('GET /api/auth/accessToken');
    expect(urls).toContain('POST /pos/v1/registers/:registerId/batches');
    expect(new Set(urls).size).toBe(urls.length);
  });
});
