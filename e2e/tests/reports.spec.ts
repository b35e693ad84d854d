import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, MENU_IDS, signIn, storedAccessToken } from './helpers';

/** Seeded menu ids of the reports (apps/server/src/db/migrations/004-shell.ts). */
const ANALYTICS_DASHBOARD_ID = 'c0a7e900-0000-4000-8000-000000000002';
const EMPTY_PERIOD = 'La période sélectionnée ne comporte aucune donnée';

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

async function openSalesReport(page: Page, title: string): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('button', { name: /Rapports de ventes/ })
    .click();
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect(page).toHaveURL(/\/reporting-sales\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

function filters(page: Page) {
  return page.getByRole('region', { name: 'Filtres du rapport' });
}

/** A day `YYYY-MM-DD` as the period field writes it, `DD/MM/YYYY`. */
function shownDay(day: string): string {
  return day.split('-').reverse().join('/');
}

async function setCustomPeriod(page: Page, begin: string, end: string): Promise<void> {
  await filters(page).getByLabel('Période').selectOption({ label: 'Personnalisée' });
  await filters(page).getByLabel('Du', { exact: true }).fill(shownDay(begin));
  await filters(page).getByLabel('Au', { exact: true }).fill(shownDay(end));
}

function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => sessionStorage.getItem(name), key);
}

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('each report opens from the "Rapports de ventes" card of the dashboard grid', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');

    await openSalesReport(page, 'Analyse des ventes');
    await expect(page.getByText("Chiffre d'affaires TTC", { exact: true })).toBeVisible();
    await expect(page.getByText("Évolution du chiffre d'affaires TTC")).toBeVisible();
    await expect(page.getByText('Ventes par catégorie')).toBeVisible();

    await openSalesReport(page, 'Détail des services');
    await expect(page.getByRole('table', { name: 'Services de la période' })).toBeVisible();

    await openSalesReport(page, 'Détail par jour de semaine');
    await expect(page.getByText("Chiffre d'affaires TTC par jour et par heure")).toBeVisible();
    await page.getByRole('button', { name: 'Voir le tableau' }).first().click();
    const heatTable = page.getByRole('table', { name: "Chiffre d'affaires TTC par jour et par heure" });
    await expect(heatTable.getByRole('columnheader', { name: 'Lundi' })).toBeVisible();
    await expect(heatTable.getByRole('columnheader').nth(1)).toHaveText('Lundi');

    await openSalesReport(page, 'Bande de contrôle');
    await expect(page.getByLabel('Service', { exact: true })).toBeVisible();

    await openSalesReport(page, 'Réglages des rapports');
    await expect(page.getByLabel('Début de la journée de travail')).toBeVisible();
  });

  test('a reporting item of type 0 shows the report its link names, under its own title', async ({
    page,
  }) => {
    await signIn(page, 'demo@comptoir.test');
    await page.goto(`/reporting/${ANALYTICS_DASHBOARD_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord analytique' })).toBeVisible();
    await expect(page.getByText('Ticket moyen', { exact: true })).toBeVisible();

    await page.goto(`/reporting-sales/${MENU_IDS.salesAnalysis}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Analyse des ventes' })).toBeVisible();
  });

  test('the period and the establishments are kept in session storage and sent as headers', async ({
    page,
  }) => {
    await signIn(page, 'demo@comptoir.test');
    await openSalesReport(page, 'Détail des services');
    await expect(page.getByRole('table', { name: 'Services de la période' })).toBeVisible();

    await filters(page).getByLabel('Période').selectOption({ label: 'Hier' });
    await expect.poll(() => sessionValue(page, 'date-begin')).not.toBeNull();
    const yesterday = await sessionValue(page, 'date-begin');
    expect(await sessionValue(page, 'date-end')).toBe(yesterday);
    await expect(filters(page).getByLabel('Du', { exact: true })).toHaveValue(shownDay(yesterday!));
    await expect(filters(page).getByLabel('Au', { exact: true })).toHaveValue(shownDay(yesterday!));

    await filters(page).getByLabel('Période').selectOption({ label: '7 derniers jours' });
    await filters(page)
      .getByRole('button', { name: /Établissements/ })
      .click();
    const sentCompanies: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/reports/shift-details')) {
        sentCompanies.push(request.headers()['x-id-company'] ?? '');
      }
    });
    await filters(page)
      .getByRole('checkbox', { name: /Café Saint-Paul/ })
      .uncheck();
    await filters(page)
      .getByRole('checkbox', { name: /Le Comptoir des Pentes/ })
      .uncheck();
    await page.keyboard.press('Escape');
    await expect(filters(page).getByRole('button', { name: /Brasserie des Célestins/ })).toBeVisible();

    const companyId = await sessionValue(page, 'id-company');
    expect(companyId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => sentCompanies.at(-1)).toBe(companyId);
    const companyCells = page
      .getByRole('table', { name: 'Services de la période' })
      .locator('tbody td:nth-of-type(1)');
    await expect(companyCells.first()).toHaveText('Brasserie des Célestins');
    expect(new Set(await companyCells.allTextContents())).toEqual(new Set(['Brasserie des Célestins']));

    // Another report of the same tab keeps the choice.
    await openSalesReport(page, 'Analyse des ventes');
    await expect(filters(page).getByRole('button', { name: /Brasserie des Célestins/ })).toBeVisible();
  });

  test('"Extraire le tableau" writes the shift table to a semicolon CSV file', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    await openSalesReport(page, 'Détail des services');
    const table = page.getByRole('table', { name: 'Services de la période' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const firstShift = (await table.locator('tbody tr').first().locator('th').textContent())!.replace(
      'N° ',
      '',
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Extraire le tableau' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^services-de-la-periode-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Service;Établissement;Caisse;Journée;Ouverture;Clôture;Personnel;CA TTC;Encaissements;Fonds de caisse;' +
        'Mouvements de caisse;Espèces attendues;Espèces comptées;Écart',
    );
    const row = lines[1]!.split(';');
    expect(row).toHaveLength(14);
    expect(row[0]).toBe(firstShift);
    expect(row[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    for (const amount of row.slice(7)) expect(amount).toMatch(/^-?\d+\.\d{2}$/);

    // The server sends a page of 10 shifts; the file holds every shift of the period.
    const status = await page.locator('.pager-status').textContent();
    const total = Number(/sur ([\d\s\u202f]+)$/.exec(status!)![1]!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(10);
    expect(lines.filter((line) => line !== '')).toHaveLength(total + 1);
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await expect(page.locator('.pager-status')).toHaveText(`Lignes 11 à ${Math.min(20, total)} sur ${total}`);
    await expect(table.locator('tbody tr').first().locator('th')).not.toHaveText(`N° ${firstShift}`);
  });

  test('a shift opens its detail, then its control strip, 25 documents a page', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    await openSalesReport(page, 'Détail des services');
    await page
      .getByRole('button', { name: /Voir le détail du service/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('table', { name: /Encaissements du service/ })).toBeVisible();
    await expect(dialog.getByRole('table', { name: /Mouvements de caisse du service/ })).toBeVisible();

    await dialog.getByRole('link', { name: 'Voir la bande de contrôle' }).click();
    await expect(page).toHaveURL(/\/v2\/control-strip\?serviceId=[0-9a-f-]{36}$/);
    const journal = page.getByRole('table', { name: /Bande de contrôle du service/ });
    await expect(journal).toBeVisible();
    await expect(journal.locator('tbody tr').first()).toContainText('Service');
    expect(await journal.locator('tbody tr').count()).toBeLessThanOrEqual(25);
  });

  test('a period without sales says so', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    await openSalesReport(page, 'Analyse des ventes');
    await setCustomPeriod(page, '2020-01-01', '2020-01-31');
    await expect(page.getByText(EMPTY_PERIOD)).toBeVisible();

    await openSalesReport(page, 'Détail des services');
    await expect(page.getByText(EMPTY_PERIOD)).toBeVisible();
  });

  test('a custom period starts before it ends and lasts 366 days at most', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    await openSalesReport(page, 'Analyse des ventes');
    await setCustomPeriod(page, '2026-03-10', '2026-03-01');
    await expect(page.getByRole('alert')).toHaveText('La date de début doit précéder la date de fin.');
    await setCustomPeriod(page, '2024-01-01', '2025-01-05');
    await expect(page.getByRole('alert')).toHaveText('La période ne peut pas dépasser 366 jours.');
  });

  test('the report settings are saved and the amounts follow them', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    try {
      await openSalesReport(page, 'Réglages des rapports');
      await page.getByLabel('HT (hors taxes)').check();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Vos réglages des rapports sont enregistrés.')).toBeVisible();

      await openSalesReport(page, 'Analyse des ventes');
      await expect(page.getByText("Évolution du chiffre d'affaires HT")).toBeVisible();
    } finally {
      // The other tests read amounts including VAT.
      const token = await storedAccessToken(page);
      const headers = { authorization: `Bearer ${token}` };
      const settings = await (await page.request.get('/api/reports/settings', { headers })).json();
      await page.request.put('/api/reports/settings', {
        headers,
        data: { ...settings, amountsInclVat: true },
      });
    }
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the sales analysis and the shift table fit the screen', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    for (const title of ['Analyse des ventes', 'Détail des services', 'Détail par jour de semaine']) {
      await openSalesReport(page, title);
      await expect(filters(page)).toBeVisible();
      await expect(page.locator('.report-body').first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, title).toBe(0);
    }
  });
});
