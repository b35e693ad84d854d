import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentationResponse } from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { loadDemo } from '../../demo/load-demo';
import { buildTestApp, signInAs, type TestApp } from '../../test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await loadDemo(t.app, { days: 1, endDay: '2026-03-01' });
  await t.database.db
    .insertInto('documents')
    .values([
      { title: 'Guide de la caisse', pdf_url: '/docs/guide.pdf', is_suite: true, position: 1 },
      { title: 'list-incident-fisc', pdf_url: '/administration-fiscale/errors', is_suite: true, position: 2 },
      {
        title: 'list-incident-fisc',
        pdf_url: '/administration-fiscale/errors',
        is_suite: false,
        position: 2,
      },
      { title: 'Guide standard', pdf_url: '/docs/standard.pdf', is_suite: false, position: 1 },
    ])
    .execute();
});
afterAll(() => t.close());

async function titlesFor(email: string): Promise<string[]> {
  const token = await signInAs(t, email, DEMO_PASSWORD);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/documentation',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as DocumentationResponse).documents.map((d) => d.title);
}

describe('GET /api/documentation', () => {
  it('lists the suite documents to a suite user, without the fiscal incident list', async () => {
    expect(await titlesFor('demo@comptoir.test')).toEqual(['Guide de la caisse']);
  });

  it('lists the other documents to other users, without the fiscal incident list', async () => {
    expect(await titlesFor('standard@comptoir.test')).toEqual(['Guide standard']);
  });
});
