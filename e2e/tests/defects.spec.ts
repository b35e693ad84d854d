import { expect, test, type Page } from '@playwright/test';
import { drawer, markHelpVideoSeen, openUserMenu, signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

const parisDay = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(date)
    .split('/')
    .reverse()
    .join('-');

async function checkVideosPageWithoutHeader(page: Page) {
  await signIn(page, 'demo@comptoir.test');
  await page.goto('/videos-suite');
  await expect(page.getByRole('heading', { level: 1, name: 'Vidéos de formation' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL('/');
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a signed-in user on /404 goes home, not to an empty sign-in form', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test');
      await page.goto('/404');
      await expect(page.getByRole('button', { name: 'Retour à la connexion' })).toHaveCount(0);
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await expect(page).toHaveURL('/');
    });

    test('/videos-suite, without the header, still offers home and logout', async ({ page }) => {
      await checkVideosPageWithoutHeader(page);
    });

    // Unfinished: the help video dialog is not found by this name after Enter at 1440 px, and stays
    // open after Escape at 390 px; the hook's fix (ui/useModalDialog.ts) is not verified yet.
    test.fixme('a closed modal gives focus back to the control that opened it', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test');
      const opener = page.getByRole('banner').getByTitle("Voir la vidéo d'aide");
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Découvrir Comptoir' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('the language selector shows its whole choice', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test');
      const select = page.getByRole('combobox', { name: 'Langue' });
      await expect(select).toBeVisible();
      const fits = await select.evaluate((element: HTMLSelectElement) => {
        const text = element.options[element.selectedIndex]!.text;
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(element).font;
        probe.textContent = text;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const style = getComputedStyle(element);
        const room =
          element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return needed <= room;
      });
      expect(fits).toBe(true);
    });

    test('the ware analysis opens on the last 7 days to today, as the report pages', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test', '/warelist');
      const today = new Date();
      const from = new Date(today.getTime() - 6 * 86_400_000);
      await expect(page.getByLabel('Du', { exact: true })).toHaveValue(parisDay(from));
      await expect(page.getByLabel('Au', { exact: true })).toHaveValue(parisDay(today));
    });
  });
}

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the drawer of /videos-suite reaches the bottom of the window', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    await page.goto('/videos-suite');
    await expect(page.getByRole('heading', { level: 1, name: 'Vidéos de formation' })).toBeVisible();
    const box = await drawer(page).boundingBox();
    expect(box && box.y + box.height).toBe(900);
  });
});
