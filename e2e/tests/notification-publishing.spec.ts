import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('support staff publish a notification for one account; its holder reads and dismisses it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const text = `Maintenance de votre terminal le ${Date.now()}`;

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await markHelpVideoSeen(staffPage);
  await signIn(staffPage, 'support@comptoir.test', '/support');
  await staffPage.getByRole('link', { name: 'Publier des notifications' }).click();
  await expect(staffPage).toHaveURL('/support/notifications');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Publier des notifications' })).toBeVisible();

  const form = staffPage.locator('form.publishing-form');
  await form.getByLabel('Type').selectOption({ label: 'Avertissement' });
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(form.getByRole('alert')).toHaveText('Le texte français est obligatoire.');

  await form.getByLabel('Français (obligatoire)').fill(text);
  await form.getByLabel('Anglais').fill(`${text} (en)`);
  await form.getByRole('radio', { name: 'Un compte' }).check();
  await form.getByLabel('Rechercher un compte par nom ou e-mail').fill('standard@comptoir.test');
  await form.getByRole('radiogroup', { name: 'Compte' }).getByRole('radio').first().check();
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(staffPage.getByText('La notification est publiée.')).toBeVisible();
  const row = staffPage.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('En cours');
  await expect(row).toContainText('Avertissement');

  // Another account does not receive it.
  await markHelpVideoSeen(page);
  await signIn(page, 'demo@comptoir.test');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const demoPanel = page.getByRole('region', { name: 'Notifications' });
  await expect(demoPanel.getByRole('listitem').first()).toBeVisible();
  await expect(demoPanel.getByText(text)).toHaveCount(0);

  const holderContext = await browser.newContext();
  const holderPage = await holderContext.newPage();
  await markHelpVideoSeen(holderPage);
  // This holder has not changed his login yet: the notice that asks him to is not what this test is about.
  await holderPage.addInitScript(() => sessionStorage.setItem('accountMigrationNoticeShown', '1'));
  await signIn(holderPage, 'standard@comptoir.test');
  await holderPage.getByRole('button', { name: /^Notifications/ }).click();
  const panel = holderPage.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('(en)');
  await item.getByRole('button', { name: 'Supprimer la notification' }).click();
  await expect(item).toHaveCount(0);
  await holderPage.reload();
  await holderPage.getByRole('button', { name: /^Notifications/ }).click();
  await expect(holderPage.getByRole('region', { name: 'Notifications' }).getByText(text)).toHaveCount(0);

  // Ended by staff: it leaves the list of current ones.
  await row.getByRole('button', { name: 'Terminer maintenant' }).click();
  await expect(row).toContainText('Terminée');
  await expect(row.getByRole('button', { name: 'Terminer maintenant' })).toHaveCount(0);

  await staffContext.close();
  await holderContext.close();
});
