import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

/** The fields of the API's services and orders the test compares with what the table shows. */
interface ServiceRow {
  id: string;
  number: number;
  orders_count: number;
}
interface OrderRow {
  covers: number;
  amount_total_ivat: number;
}

const DATE_TIME = /^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2}$/;
const AMOUNT = /^-?\d{1,3}( \d{3})*\.\d{2}$/;

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, {
    headers: { authorization: `Bearer ${await storedAccessToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** The service of the last days with the most orders (more than a page of them). */
async function busiestService(page: Page): Promise<ServiceRow> {
  const end = new Date();
  const start = new Date(end.getTime() - 10 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const { rows } = await apiGet<{ rows: ServiceRow[] }>(
    page,
    `/api/administration-fiscale/tracking/services?startDate=${day(start)}&endDate=${day(end)}`,
  );
  const service = [...rows].sort((a, b) => b.orders_count - a.orders_count)[0];
  expect(service?.orders_count).toBeGreaterThan(10);
  return service!;
}

/** The texts of one column on the page shown, found by its header. */
function columnTexts(table: Locator, header: string): Promise<string[]> {
  return table.evaluate((element, name) => {
    const headers = Array.from(element.querySelectorAll('thead tr:first-child th'));
    const index = headers.findIndex((th) => th.textContent?.trim() === name);
    if (index < 0) throw new Error(`No column ${name}`);
    return Array.from(element.querySelectorAll('tbody tr')).map(
      (row) => row.children[index]?.textContent?.trim() ?? '',
    );
  }, header);
}

function euros(text: string): number {
  return Number(text.replace(/\s/g, ''));
}

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the fiscal table pages, filters, sorts and exports what the server holds', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    const service = await busiestService(page);
    const { rows: orders } = await apiGet<{ rows: OrderRow[] }>(
      page,
      `/api/administration-fiscale/tracking/commandes?objectId=${service.id}`,
    );

    await page.goto(`/administration-fiscale/services/details/${service.id}`);
    await expect(page.getByRole('tab', { name: 'Historique Complet' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'Commandes' }).click();
    const table = page.getByRole('table', { name: `Commandes, Service n° ${service.number}` });
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(page.locator('.pager-status')).toHaveText(`Lignes 1 à 10 sur ${orders.length}`);

    for (const text of await columnTexts(table, 'Ouverture')) expect(text).toMatch(DATE_TIME);
    for (const text of await columnTexts(table, 'Total TTC')) expect(text).toMatch(AMOUNT);

    // Numeric filters compare; equal is the default.
    await expect(page.getByLabel('Comparaison, colonne Couverts')).toHaveValue('eq');
    await page.getByLabel('Valeur à comparer, colonne Couverts').fill('2');
    const withTwo = orders.filter((order) => order.covers === 2).length;
    await expect(page.locator('.pager-status')).toHaveText(
      `Lignes ${withTwo > 0 ? 1 : 0} à ${Math.min(10, withTwo)} sur ${withTwo}`,
    );
    for (const text of await columnTexts(table, 'Couverts')) expect(text).toBe('2');

    await page.getByLabel('Comparaison, colonne Couverts').selectOption('gt');
    const moreThanTwo = orders.filter((order) => order.covers > 2).length;
    await expect(page.locator('.pager-status')).toContainText(`sur ${moreThanTwo}`);
    for (const text of await columnTexts(table, 'Couverts')) expect(Number(text)).toBeGreaterThan(2);

    // Sorting from the keyboard: the header is a button.
    await page.getByRole('button', { name: 'Total TTC', exact: true }).focus();
    await page.keyboard.press('Enter');
    const totalHeader = page.getByRole('columnheader', { name: 'Total TTC', exact: true });
    await expect(totalHeader).toHaveAttribute('aria-sort', 'ascending');
    const shown = (await columnTexts(table, 'Total TTC')).map(euros);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    const smallest = Math.min(
      ...orders.filter((order) => order.covers > 2).map((order) => order.amount_total_ivat),
    );
    expect(Math.round(shown[0]! * 100)).toBe(smallest);

    // The CSV file holds the filtered rows, all pages of them, named after the table.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Extraire le tableau' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`commandes-service-n-${service.number}.csv`);
    const lines = (await fs.readFile(await file.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toContain('N° de commande;Ouverture;Fermeture');
    expect(lines).toHaveLength(moreThanTwo + 1);

    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect(page.locator('.pager-status')).toHaveText(`Lignes 1 à 10 sur ${orders.length}`);
  });

  test('history rows name their action in French, 25 rows a page in the full history', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    const service = await busiestService(page);
    const { rows: history } = await apiGet<{ rows: unknown[] }>(
      page,
      `/api/administration-fiscale/tracking/fullhistory?objectId=${service.id}`,
    );
    // Every order of the service has its creation row: more than a page of 10.
    expect(history.length).toBeGreaterThan(10);
    await page.goto(`/administration-fiscale/services/details/${service.id}`);
    await page.getByRole('tab', { name: 'Historique Complet' }).click();
    const table = page.getByRole('table', { name: `Historique complet, Service n° ${service.number}` });
    await expect(page.locator('.pager-status')).toHaveText(
      `Lignes 1 à ${Math.min(25, history.length)} sur ${history.length}`,
    );
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(25, history.length));
    for (const text of await columnTexts(table, 'Action')) {
      expect(['Création', 'Mise à jour', 'Suppression']).toContain(text);
    }
    await page.getByLabel('Filtrer la colonne Action').fill('CRÉAT');
    for (const text of await columnTexts(table, 'Action')) expect(text).toBe('Création');
    // The frame stops at 85 % of the viewport and scrolls inside.
    const frameHeight = await table.evaluate(
      (element) => element.parentElement!.getBoundingClientRect().height,
    );
    expect(frameHeight).toBeLessThanOrEqual(900 * 0.85 + 1);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the table scrolls in its own frame and its filters stay usable', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    const service = await busiestService(page);
    await page.goto(`/administration-fiscale/services/details/${service.id}`);
    await page.getByRole('tab', { name: 'Commandes' }).click();
    await expect(page.getByRole('table', { name: `Commandes, Service n° ${service.number}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const filter = page.getByLabel('Filtrer la colonne Utilisateur');
    await filter.scrollIntoViewIfNeeded();
    await filter.fill('zzz-personne');
    await expect(page.getByText('Aucune ligne ne correspond aux filtres')).toBeVisible();
  });
});
