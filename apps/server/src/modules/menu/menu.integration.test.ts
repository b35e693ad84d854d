import crypto from 'node:crypto';
import type { MenuItem } from '@comptoir/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_IDS } from '../../db/migrations/004-shell';
import { buildTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';

let t: TestApp;
let accountId: string;
let holderToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ accountId } = await createAccount(t.database.db));
  const holder = await createTestUser(t.database.db, { accountId });
  holderToken = (await signInAs(t, holder.email)).accessToken;
});
afterAll(() => t.close());

const db = () => t.database.db;

async function categories(accessToken: string, locale?: string): Promise<MenuItem[]> {
  const res = await t.as(accessToken).get(`/api/categories${locale ? `?locale=${locale}` : ''}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { categories: MenuItem[] }).categories;
}

async function subUserToken(services: string[]): Promise<string> {
  const user = await createTestUser(db(), { accountId, role: 'sub_user', services });
  return (await signInAs(t, user.email)).accessToken;
}

const titles = (items: MenuItem[]) => items.map((item) => item.title);

/** Adds a menu item for one test and removes it afterwards. */
async function withExtraItem(
  item: { parentId: string | null; title: string; serviceName: string | null },
  test: (id: string) => Promise<void>,
): Promise<void> {
  const id = crypto.randomUUID();
  await db()
    .insertInto('menu_categories')
    .values({
      id,
      parent_id: item.parentId,
      title: item.title,
      description: null,
      link: 'extra',
      icon: null,
      new_icon: null,
      position: 99,
      service_name: item.serviceName,
    })
    .execute();
  try {
    await test(id);
  } finally {
    await db().deleteFrom('menu_categories').where('id', '=', id).execute();
  }
}

describe('GET /api/categories', () => {
  it("lists the product's areas in position order, children nested in theirs", async () => {
    const menu = await categories(holderToken);
    expect(titles(menu)).toEqual([
      'Rapports de ventes',
      'Tableau de bord analytique',
      'Analyse Bardistrib',
      'Comptes clients',
      'Administration fiscale',
      'Comptabilité',
      'Partenaires',
      'Actualités',
      'Aide',
    ]);
    expect(titles(menu[0]!.childrens)).toEqual([
      'Analyse des ventes',
      'Détail des services',
      'Détail par jour de semaine',
      'Bande de contrôle',
      'Réglages des rapports',
    ]);
    expect(menu[0]!.childrens.map((c) => [c.link, c.type, c.is_react])).toEqual([
      ['sales-analysis', 1, false],
      ['shift-details', 1, false],
      ['weekdays-details', 1, false],
      ['control-strip', 1, false],
      ['settings', 1, false],
    ]);
    expect(titles(menu[5]!.childrens)).toEqual(['Export comptable', 'Export des données']);
    expect(menu.find((c) => c.id === MENU_IDS.analyticsDashboard)).toMatchObject({
      type: 0,
      link: 'sales-analysis',
      is_react: false,
      childrens: [],
    });
  });

  it('gives each item its French description, an icon name and its service', async () => {
    const menu = await categories(holderToken);
    expect(menu.find((c) => c.id === MENU_IDS.customerAccounts)).toEqual({
      id: MENU_IDS.customerAccounts,
      title: 'Comptes clients',
      description: 'Soldes, crédits et historique des comptes de vos clients.',
      link: 'customer-account',
      icon: 'users',
      new_icon: null,
      position: 40,
      type: 1,
      is_react: true,
      service_name: 'customer_account',
      childrens: [],
    });
    const help = menu.find((c) => c.id === MENU_IDS.help)!;
    expect(help.childrens.map((c) => c.link)).toEqual([
      'documentation',
      'videos',
      'FAQ',
      'https://bofip.impots.gouv.fr/bofip/10691-PGP.html',
    ]);
  });

  it('answers the titles and descriptions in English, Spanish and Catalan, French by default', async () => {
    const byLocale = async (locale?: string) =>
      (await categories(holderToken, locale)).find((c) => c.id === MENU_IDS.customerAccounts);
    expect(await byLocale()).toMatchObject({ title: 'Comptes clients' });
    expect(await byLocale('fr')).toMatchObject({ title: 'Comptes clients' });
    expect(await byLocale('en')).toMatchObject({
      title: 'Customer accounts',
      description: "Balances, credits and history of your customers' accounts.",
    });
    expect(await byLocale('es')).toMatchObject({ title: 'Cuentas de clientes' });
    expect(await byLocale('ca')).toMatchObject({ title: 'Comptes de clients' });
    const english = await categories(holderToken, 'en');
    expect(titles(english[0]!.childrens)).toEqual([
      'Sales analysis',
      'Shift details',
      'Weekday breakdown',
      'Control strip',
      'Report settings',
    ]);
  });

  it('falls back to French for an item without a translation', async () => {
    await withExtraItem({ parentId: null, title: 'Nouveauté', serviceName: null }, async (id) => {
      const extra = (await categories(holderToken, 'es')).find((c) => c.id === id);
      expect(extra).toMatchObject({ title: 'Nouveauté', description: null });
    });
  });

  it('refuses a language the portal does not offer with 400', async () => {
    const res = await t.as(holderToken).get('/api/categories?locale=de');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('shows a sub-user only the items of its services', async () => {
    const token = await subUserToken(['customer_account', 'sales_reporting']);
    const menu = await categories(token);
    expect(titles(menu)).toEqual([
      'Rapports de ventes',
      'Tableau de bord analytique',
      'Analyse Bardistrib',
      'Comptes clients',
    ]);
    expect(menu[0]!.childrens).toHaveLength(5);
  });

  it('filters children the same way: a child of a service the sub-user lacks is hidden', async () => {
    await withExtraItem(
      { parentId: MENU_IDS.help, title: 'Assistance prioritaire', serviceName: 'premium_support' },
      async () => {
        const token = await subUserToken(['help']);
        const menu = await categories(token);
        expect(titles(menu)).toEqual(['Aide']);
        expect(titles(menu[0]!.childrens)).toEqual([
          'Documentation',
          'Vidéos de formation',
          'FAQ',
          'Loi anti-fraude TVA (BOFiP)',
        ]);
        const holderHelp = (await categories(holderToken)).find((c) => c.id === MENU_IDS.help)!;
        expect(titles(holderHelp.childrens)).toContain('Assistance prioritaire');
      },
    );
  });

  it('gives customer-space users and support staff every item', async () => {
    const client = await createTestUser(db(), { accountId, groups: ['espace_client'] });
    const staff = await createTestUser(db(), { accountId: null, role: 'staff' });
    for (const user of [client, staff]) {
      const menu = await categories((await signInAs(t, user.email)).accessToken);
      expect(menu).toHaveLength(9);
    }
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const res = await t.as(null).get('/api/categories');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/categories/:id', () => {
  it('answers the item with its children, in the requested language', async () => {
    const res = await t.as(holderToken).get(`/api/categories/${MENU_IDS.accounting}?locale=en`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: MENU_IDS.accounting,
      title: 'Accounting',
      service_name: 'accounting_export',
      childrens: [
        { id: MENU_IDS.accountingExport, title: 'Accounting export', link: 'export-vat', is_react: true },
        { id: MENU_IDS.dataExport, title: 'Data export', link: 'export-data', is_react: true },
      ],
    });
  });

  it('answers a child item the sub-user may open', async () => {
    const token = await subUserToken(['sales_reporting']);
    const res = await t.as(token).get(`/api/categories/${MENU_IDS.controlStrip}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Bande de contrôle', link: 'control-strip', childrens: [] });
  });

  it('refuses a sub-user an item of another service with 403 SUB_USER_NO_ACCESS', async () => {
    const token = await subUserToken(['customer_account', 'sales_reporting']);
    for (const id of [MENU_IDS.fiscalAdministration, MENU_IDS.accounting, MENU_IDS.documentation]) {
      const res = await t.as(token).get(`/api/categories/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('SUB_USER_NO_ACCESS');
    }
  });

  it('refuses a child whose parent the sub-user may not open', async () => {
    await withExtraItem(
      { parentId: MENU_IDS.help, title: 'Rapport caché', serviceName: 'sales_reporting' },
      async (id) => {
        const res = await t.as(await subUserToken(['sales_reporting'])).get(`/api/categories/${id}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('SUB_USER_NO_ACCESS');
      },
    );
  });

  it('answers 404 CATEGORY_NOT_FOUND for an unknown id', async () => {
    const res = await t.as(holderToken).get(`/api/categories/${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'CATEGORY_NOT_FOUND', message: "Cette catégorie n'existe pas." },
    });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const res = await t.as(holderToken).get('/api/categories/sales-analysis');
    expect(res.statusCode).toBe(400);
  });
});
