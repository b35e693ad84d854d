import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

/** The standard edition's crêperie: its accounts are left unconfigured by the demo. */
const STANDARD = 'standard@comptoir.test';

test.use({ viewport: { width: 1440, height: 900 } });

/** The drawer opens from the export page's settings button (task C's page). */
async function openDrawer(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Export comptable' })).toBeVisible();
  await page.getByRole('button', { name: 'Configuration des comptes' }).click();
  const drawer = page.getByRole('dialog', { name: 'Configuration des comptes' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('creates an accounting account from the drawer, finds it after a reload, then deletes it', async ({
  page,
}) => {
  await markHelpVideoSeen(page);
  // This holder's login is not migrated yet: its notice may come first, whenever a page opens.
  const notice = page.getByRole('dialog', { name: 'Sécurisez votre compte' });
  await page.addLocatorHandler(notice, () => notice.getByRole('button', { name: 'Plus tard' }).click());
  await signIn(page, STANDARD);
  await page.goto('/export-vat');
  let drawer = await openDrawer(page);
  await expect(drawer.getByText("Aucun compte comptable de ce type n'est configuré").first()).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Valider' })).toBeDisabled();

  await drawer.getByRole('radio', { name: 'Créer compte' }).check();
  await drawer.getByLabel('Type de compte').selectOption({ label: 'Paiement' });
  await drawer.getByLabel('Numéro de compte').fill('512999');
  await drawer.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(drawer.getByRole('alert')).toHaveText('Tous les champs obligatoires ne sont pas renseignés');
  await expect(drawer.getByLabel('Section analytique')).toHaveValue('Défaut');
  await drawer.getByLabel('Libellé').fill('Banque e2e');
  await drawer.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Votre compte comptable à bien été ajouté')).toBeVisible();

  await page.reload();
  drawer = await openDrawer(page);
  const payments = drawer.getByRole('region', { name: 'Paiement' });
  await expect(payments.getByText('512999 — Banque e2e')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await payments.getByRole('button', { name: 'Supprimer 512999' }).click();
  await expect(page.getByText('Votre compte comptable a bien été supprimé')).toBeVisible();
  await expect(payments.getByText('512999 — Banque e2e')).toHaveCount(0);
});
