import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqResponse } from '@comptoir/contracts';
import {
  buildTestApp,
  createTestTenant,
  createTestUser,
  signInAs,
  TEST_PASSWORD,
  type TestApp,
} from '../../test-helpers';

let t: TestApp;
let holderToken: string;
let subUserEmail: string;

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await createTestTenant(t);
  holderToken = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
  const subUser = await createTestUser(t.database.db, {
    accountId: tenant.accountId,
    role: 'sub_user',
    services: ['sales_reporting', 'customer_account'],
  });
  subUserEmail = subUser.email;
});
afterAll(() => t.close());

async function faqIn(locale: string): Promise<FaqResponse> {
  const res = await t.as(holderToken).get(`/api/faq?locale=${locale}`);
  expect(res.statusCode).toBe(200);
  return res.json() as FaqResponse;
}

const items = (response: FaqResponse) => response.categories.flatMap((category) => category.items);
/** The question number of an item: the same question has the same number in every language. */
const questionNumbers = (response: FaqResponse) => items(response).map((item) => item.id.slice(-2));

describe('GET /api/faq', () => {
  it('answers the French FAQ by category, with the annual closure question, by default', async () => {
    const res = await t.as(holderToken).get('/api/faq');
    expect(res.statusCode).toBe(200);
    const body = res.json() as FaqResponse;
    expect(body.locale).toBe('fr');
    expect(body.categories[0]?.name).toBe('Clôtures et grands totaux');
    const closures = body.categories[0]?.items.map((item) => item.trigger);
    expect(closures).toContain('Comment fonctionnent les clôtures mensuelle et annuelle ?');
    expect(body.categories.map((category) => category.name)).toEqual([
      'Clôtures et grands totaux',
      'Archives fiscales et contrôle fiscal',
      'Signatures et journal technique (JET)',
      'Comptabilité et exports',
      'Comptes clients',
      'Rapports',
      'Compte, utilisateurs et connexion',
      'Aide et partenaires',
    ]);
    expect(items(body).length).toBeGreaterThanOrEqual(40);
  });

  it('answers each language in that language', async () => {
    const first = async (locale: string) => (await faqIn(locale)).categories[0];
    const english = await first('en');
    expect(english?.name).toBe('Closures and grand totals');
    expect(english?.items[0]?.trigger).toBe('What is a daily closure?');
    expect((await first('es'))?.items[0]?.trigger).toBe('¿Qué es un cierre diario?');
    expect((await first('ca'))?.items[0]?.trigger).toBe('Què és un tancament diari?');
    for (const locale of ['en', 'es', 'ca']) {
      const body = await faqIn(locale);
      expect(body.locale).toBe(locale);
      expect(items(body).some((item) => /clôture|Clôture/.test(item.trigger + item.content))).toBe(false);
    }
  });

  it('has the same questions, in the same categories and order, in the four languages', async () => {
    const [fr, en, es, ca] = await Promise.all(['fr', 'en', 'es', 'ca'].map(faqIn));
    const shape = (body: FaqResponse) => body.categories.map((category) => category.items.length);
    for (const other of [en, es, ca]) {
      expect(items(other!)).toHaveLength(items(fr!).length);
      expect(shape(other!)).toEqual(shape(fr!));
      expect(questionNumbers(other!)).toEqual(questionNumbers(fr!));
    }
    const every = [fr, en, es, ca].flatMap((body) => items(body!));
    expect(new Set(every.map((item) => item.id)).size).toBe(every.length);
    expect(every.filter((item) => item.trigger.trim() === '' || item.content.length < 80)).toEqual([]);
  });

  it('keeps the seeded ids stable', async () => {
    const fr = await faqIn('fr');
    expect(items(fr)[0]?.id).toBe('00000023-0000-4000-8000-010000000001');
    expect(items(await faqIn('ca'))[0]?.id).toBe('00000023-0000-4000-8000-040000000001');
  });

  it('refuses a language outside fr, en, es, ca, a signed-out caller and a sub-user without the help service', async () => {
    expect((await t.as(holderToken).get('/api/faq?locale=de')).statusCode).toBe(400);
    expect((await t.as(null).get('/api/faq')).statusCode).toBe(401);
    const subUser = (await signInAs(t, subUserEmail, TEST_PASSWORD)).accessToken;
    const refused = await t.as(subUser).get('/api/faq');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'SUB_USER_NO_ACCESS' } });
  });

  // Last: it removes the Catalan items from this file's database.
  it('answers the French FAQ in a language that has no item', async () => {
    await t.database.db.deleteFrom('faq_items').where('locale', '=', 'ca-ES').execute();
    const body = await faqIn('ca');
    expect(body.locale).toBe('fr');
    expect(body.categories[0]?.name).toBe('Clôtures et grands totaux');
    expect(items(body)).toEqual(items(await faqIn('fr')));
  });
});
