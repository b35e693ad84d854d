import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signInWithForm } from './helpers';

const OWNER = 'demo@comptoir.test';

test('the holder opens the technical screen and reads the journal with its sign-in and the server start', async ({
  page,
}) => {
  await markHelpVideoSeen(page);
  // A sign-in of its own: the journal's newest sign-in is this one.
  await signInWithForm(page, OWNER);
  await page.goto('/administration-fiscale');
  await page.getByRole('link', { name: 'Interventions et journal technique' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interventions techniques' })).toBeVisible();

  // First tab: the registers' technical interventions of the current month (a table or the empty state).
  await expect(page.getByRole('tab', { name: 'Interventions techniques' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page
      .getByRole('table', { name: /Interventions techniques du/ })
      .or(page.getByText('Aucune intervention')),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Journal des événements techniques' }).click();
  const journal = page.getByRole('table', { name: /Journal des événements techniques du/ });
  await expect(journal).toBeVisible();
  await expect(
    journal.getByRole('row').filter({ hasText: "Connexion d'un utilisateur" }).first(),
  ).toContainText(OWNER);
  // Newest first, ten a page: other sign-ins may push the server start off the first page, so the
  // code filter finds it, signature verified.
  await page.getByLabel('Événement', { exact: true }).selectOption('10');
  await expect(journal.getByRole('row').filter({ hasText: "Connexion d'un utilisateur" })).toHaveCount(0);
  await expect(journal.getByRole('row').filter({ hasText: 'Démarrage du serveur' }).first()).toContainText(
    'Vérifiée',
  );
});
