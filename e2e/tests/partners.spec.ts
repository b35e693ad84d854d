import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The simulated partner of the project, run as a partner's server would: it calls the callback. */
async function runSimulatedPartner(baseURL: string, key: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'apps/server/src/demo/partner-sim.ts', '--url', baseURL, '--key', key],
    { cwd: repoRoot },
  );
  return stdout;
}

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

test.use({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

test('the grid shows categories, the legend, the demo states and the empty-category message', async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/partenaires');
  await expect(page.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible();
  const legend = page.getByRole('region', { name: 'Légende' });
  // Spec 1 §2.6: a legend of three states, and every card shows one of them.
  await expect(legend.getByRole('listitem')).toHaveText([
    'Aucune intégration',
    'En attente de validation',
    'Intégration validée',
  ]);
  for (const category of ['Fournisseurs et achats', 'Réservation en ligne', 'Comptabilité', 'Livraison']) {
    await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
  }
  await expect(
    page
      .getByRole('region', { name: 'Fidélité et marketing' })
      .getByText('Aucun partenaire dans cette catégorie pour le moment.'),
  ).toBeVisible();
  // The simulated partners' answers at demo load: one of each state.
  await expect(page.locator('[data-partner="table-ouverte"]')).toContainText('Intégration validée');
  await expect(page.locator('[data-partner="velocourse"]')).toContainText('En attente de validation');
  // A refused integration is none on the grid; its drawer says it was refused, and why.
  await expect(page.locator('[data-partner="livreplat"]')).toContainText('Aucune intégration');

  await page.locator('[data-partner="livreplat"]').click();
  const details = page.getByRole('dialog', { name: 'LivrePlat' });
  await expect(details.getByText('Intégration refusée')).toBeVisible();
  await expect(details.getByText(/Motif du refus : Adresse de livraison hors de notre zone/)).toBeVisible();
  await expect(details.getByRole('link', { name: 'Générer une nouvelle clé' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('activate a partner, copy its key, and see it validated once the simulated partner answers', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'demo@comptoir.test', '/partenaires');
  await page.locator('[data-partner="primeurs-direct"]').click();
  const details = page.getByRole('dialog', { name: 'Primeurs Direct' });
  await expect(details.getByText(/Fruits et légumes de saison/)).toBeVisible();
  await details.getByRole('link', { name: /Activer ce partenaire|Générer une nouvelle clé/ }).click();

  await expect(page).toHaveURL(/\/partnership\?partner=/);
  await expect(page.getByRole('heading', { level: 1, name: "Activation d'un partenaire" })).toBeVisible();
  for (const step of [
    'Cliquez sur le partenaire',
    'Générez une clé',
    'Saisissez la clé dans l’interface du partenaire',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: step })).toBeVisible();
  }
  await expect(page.locator('[data-partner="primeurs-direct"]')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Générer une (nouvelle )?clé$/ }).click();

  const keyField = page.getByLabel('Clé pour Primeurs Direct');
  await expect(keyField).toHaveValue(/^cpk_/);
  const key = await keyField.inputValue();
  await expect(page.getByText('Cette clé ne sera plus affichée : copiez-la maintenant.')).toBeVisible();
  await page.getByRole('button', { name: 'Copier la clé' }).click();
  await expect(page.getByText('Clé copiée')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const step3 = page.locator('.partnership-step').nth(2);
  await expect(step3).toContainText('En attente de validation');

  const answer = await runSimulatedPartner(baseURL!, key);
  expect(JSON.parse(answer)).toMatchObject({ statusCode: 200, body: { status: 'validated' } });
  // The page reads the state again while the partner has not answered.
  await expect(step3).toContainText('Intégration validée');
  await expect(page.getByText('Primeurs Direct a validé votre intégration')).toBeVisible();

  await page.goto('/partenaires');
  await expect(page.locator('[data-partner="primeurs-direct"]')).toContainText('Intégration validée');
  await page.locator('[data-partner="primeurs-direct"]').click();
  await expect(page.getByRole('dialog', { name: 'Primeurs Direct' })).toContainText(
    /Identifiant client chez le partenaire : CLI-\d{6}/,
  );

  // A connection token for the validated partner, shown once.
  await page
    .getByRole('dialog', { name: 'Primeurs Direct' })
    .getByRole('link', { name: 'Jeton de connexion' })
    .click();
  await expect(page).toHaveURL(/\/generate-connexion-token\?partner=/);
  // The partners page can stay on screen while the token page loads: wait for its heading, since a
  // label of the page before (« Partenaires ») would answer getByLabel and fail toHaveValue at once.
  await expect(page.getByRole('heading', { level: 1, name: 'Jeton de connexion' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Partenaire', exact: true })).toHaveValue(/.+/);
  await page.getByRole('button', { name: 'Générer un jeton de connexion' }).click();
  await expect(page.getByLabel('Jeton de connexion pour Primeurs Direct')).toHaveValue(/^cct_/);
});
