import { expect, test } from '@playwright/test';
import { drawer, markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a search with a typo, « cloture anuelle », finds the annual closure answer, opened from the keyboard', async ({
    page,
  }) => {
    await signIn(page, 'demo@comptoir.test');
    await drawer(page).getByRole('link', { name: 'Aide' }).click();
    await page.getByRole('link', { name: /^FAQ/ }).first().click();
    await expect(page).toHaveURL('/FAQ');
    await expect(page.getByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Clôtures et grands totaux' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const search = page.getByRole('searchbox', { name: 'Rechercher dans la FAQ' });
    await search.focus();
    await page.keyboard.type('cloture anuelle');
    await expect(page.getByRole('heading', { name: /^Résultats de la recherche : \d+$/ })).toBeVisible();

    const question = page
      .getByRole('button', { name: /Comment fonctionnent les clôtures mensuelle et annuelle/ })
      .first();
    await expect(page.locator('.faq-results .faq-toggle').first()).toContainText(
      'Comment fonctionnent les clôtures mensuelle et annuelle ?',
    );
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    // Tab leaves the search field (and its clear button) for the first result.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(question).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = page.locator(`#${await question.getAttribute('aria-controls')}`);
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('La clôture annuelle additionne les clôtures mensuelles');

    await search.fill('pizza');
    await expect(page.getByText('Aucune FAQ disponible')).toBeVisible();
  });

  test('the FAQ follows the chosen language', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test', '/FAQ');
    try {
      await page.getByLabel('Langue').selectOption({ label: 'Català' });
      await expect(page.getByRole('tab', { name: 'Tancaments i grans totals' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Què és un tancament diari?' })).toBeVisible();
      await page.getByRole('searchbox').fill('tancament anul');
      await expect(page.locator('.faq-results .faq-toggle').first()).toContainText(
        'Com funcionen els tancaments mensual i anual?',
      );
    } finally {
      // The other tests sign in as the same user and read French.
      await page.request.put('/api/user/local', {
        headers: { authorization: `Bearer ${await storedAccessToken(page)}` },
        data: { local: 'fr-FR' },
      });
    }
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the categories and answers fit the phone’s width', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test', '/FAQ');
    await page.getByRole('tab', { name: 'Comptes clients' }).click();
    const question = page.getByRole('button', { name: 'Comment supprimer un compte client ?' });
    await question.click();
    await expect(page.getByText(/La suppression est réservée à l'édition Suite/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
