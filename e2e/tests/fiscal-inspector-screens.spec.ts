import { expect, test, type Page } from '@playwright/test';
import { validatedInspectorAccess } from './fiscal-helpers';

/** Where the top bar's screenshots go, for a person to look at (the assertions do not read them). */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/** Each label of the top bar shows its whole text: nothing clipped or cut by an ellipsis. */
async function expectTopBarLabelsWhole(page: Page) {
  const labels = page.locator('.topbar .connected-as, .topbar .user-name');
  await expect(labels.first()).toBeVisible();
  let shown = 0;
  for (const label of await labels.all()) {
    const size = await label.evaluate((element) => ({
      text: element.textContent,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      // On a phone the user menu's name is only read by screen readers (a 1 px clipped box).
      isShown: element.getBoundingClientRect().width > 1,
    }));
    if (!size.isShown) continue;
    shown += 1;
    expect(size.scrollWidth, `« ${size.text} » is cut`).toBeLessThanOrEqual(size.clientWidth);
  }
  expect(shown).toBeGreaterThan(0);
}

test("an English browser gets the inspector's portal in French, with the language selector and no help video", async ({
  browser,
}) => {
  // Three browsers: the owner asks, support validates, the inspector signs in.
  test.setTimeout(120_000);
  const { email, token } = await validatedInspectorAccess(browser, 'ecrans');
  // No markHelpVideoSeen: a first visit, when the help video would open by itself.
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();

  await page.goto(`/fisc-connect-as?token=${encodeURIComponent(token)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connexion administration fiscale' }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  await page.getByLabel('E-mail', { exact: true }).fill(`autre.${email}`);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('connexion refusée')).toBeVisible();

  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Succès, connexion en cours ...' })).toBeVisible();
  await expect(page).toHaveURL('/administration-fiscale');
  await expect(page.getByRole('heading', { level: 1, name: 'Clôtures' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vérifier les signatures' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Aide' })).toHaveCount(0);

  // The selector keeps the inspector's choice in this browser, over the browser's language.
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Cierres' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('the « connecté en tant que fisc » labels of the top bar are whole on a desktop and on a phone', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, token } = await validatedInspectorAccess(browser, 'ecrans');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/fisc-connect-as?token=${encodeURIComponent(token)}`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clôtures' })).toBeVisible();

  await expect(page.locator('.topbar .connected-as')).toHaveText('Connecté en tant que fisc');
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/topbar-1440.png` });
  await expectTopBarLabelsWhole(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Connecté en tant que fisc').first()).toBeVisible();
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/topbar-390.png` });
  await expectTopBarLabelsWhole(page);
  await context.close();
});
