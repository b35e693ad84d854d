import { expect, test } from '@playwright/test';
import { drawer, markHelpVideoSeen, openHalfPintTap, signIn } from './helpers';

const CATEGORY_TABLE = 'Versements et ventes par catégorie de marchandises';

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("opens from the drawer, expands a category and shows a ware's pours in three tables", async ({
    page,
  }) => {
    await signIn(page, 'demo@comptoir.test');
    await drawer(page).getByRole('link', { name: 'Analyse Bardistrib' }).click();
    await expect(page).toHaveURL('/warelist');
    await expect(page.getByRole('heading', { level: 1, name: "Rapport d'analyse Bardistrib" })).toBeVisible();
    const table = page.getByRole('table', { name: CATEGORY_TABLE });
    for (const category of ['Bières pression', 'Spiritueux', 'Vins au verre']) {
      await expect(table.getByRole('rowheader', { name: new RegExp(category) })).toBeVisible();
    }

    const dialog = await openHalfPintTap(page);
    await expect(dialog).toBeVisible();
    for (const name of ['Non encaissés', 'Hors service', 'Encaissés']) {
      await expect(dialog.getByRole('table', { name, exact: true })).toBeVisible();
    }
    const cashed = dialog.getByRole('table', { name: 'Encaissés', exact: true });
    await expect(cashed.getByRole('cell', { name: 'Demi pression' }).first()).toBeVisible();
    // Full screen: the dialog covers the page.
    expect((await dialog.boundingBox())?.width).toBe(1440);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('shows the empty state for a period without pours or sales', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test', '/warelist');
    await expect(page.getByRole('table', { name: CATEGORY_TABLE })).toBeVisible();
    await page.getByLabel('Du', { exact: true }).fill('01/01/2020');
    await page.getByLabel('Au', { exact: true }).fill('07/01/2020');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('La période sélectionnée ne comporte aucune donnée')).toBeVisible();
  });

  test('says « Une erreur est survenue » when the report cannot be loaded', async ({ page }) => {
    await page.route('**/api/bardistrib/ware-datas?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Erreur interne' } } }),
    );
    await signIn(page, 'demo@comptoir.test', '/warelist');
    // The danger flash, and the same words where the table would be, with a retry.
    await expect(page.getByRole('alert').filter({ hasText: 'Une erreur est survenue' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('opens from the home grid, narrows to one shift and keeps the page within the screen', async ({
    page,
  }) => {
    await signIn(page, 'demo@comptoir.test');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Analyse Bardistrib/ })
      .click();
    await expect(page).toHaveURL('/warelist');
    await expect(page.getByRole('table', { name: CATEGORY_TABLE })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: /^Services/ }).click();
    const shifts = page.getByRole('group', { name: 'Services' });
    await shifts
      .getByRole('button', { name: /^Seulement Caisse bar · / })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Services/ })).toContainText('1 service');
    await page.getByRole('button', { name: 'Valider' }).click();

    const dialog = await openHalfPintTap(page);
    await expect(dialog.getByRole('table', { name: 'Non encaissés', exact: true })).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(390);
  });
});
