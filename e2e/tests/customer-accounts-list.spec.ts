import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

function accountTable(page: Page) {
  return page.getByRole('table', { name: 'Comptes clients' });
}

function filters(page: Page) {
  return page.getByRole('group', { name: 'Filtres' });
}

/** Keeps only `choice` in the filter `label` (the multi-select's « Seulement »). */
async function filterOnly(page: Page, label: string, choice: string) {
  await filters(page)
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
  await filters(page)
    .getByRole('button', { name: `Seulement ${choice}` })
    .click();
  await page.keyboard.press('Escape');
}

async function lastNames(page: Page): Promise<string[]> {
  return accountTable(page).locator('tbody th[scope="row"]').allInnerTexts();
}

/** The search box waits 500 ms, then the list reloads. */
async function searchFor(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Rechercher un compte client' }).fill(text);
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
}

test('filters by balance, sorts by name both ways and keeps the search for the session', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Comptes clients' })).toBeVisible();
  await expect(accountTable(page).locator('tbody tr').first()).toBeVisible();
  // The suite edition: a selection column, no card number.
  await expect(page.getByRole('checkbox', { name: 'Sélectionner les comptes au solde nul' })).toBeVisible();
  await expect(accountTable(page).getByRole('columnheader', { name: 'N° de carte' })).toHaveCount(0);

  await filterOnly(page, 'Solde', 'Débiteur');
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
  const balances = await accountTable(page).locator('tbody td.is-number').allInnerTexts();
  expect(balances.length).toBeGreaterThan(0);
  for (const balance of balances) expect(balance).toMatch(/^-\d/);

  await accountTable(page).getByRole('button', { name: 'Nom', exact: true }).click();
  await expect(accountTable(page).getByRole('columnheader', { name: 'Nom', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
  const ascending = await lastNames(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
  await accountTable(page).getByRole('button', { name: 'Nom', exact: true }).click();
  await expect(accountTable(page).getByRole('columnheader', { name: 'Nom', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
  const descending = await lastNames(page);
  expect(
    descending[0]?.localeCompare(descending.at(-1) ?? '', 'fr', { sensitivity: 'base' }),
  ).toBeGreaterThan(0);

  const someone = descending[0] ?? '';
  await searchFor(page, someone.toUpperCase());
  // The search matches names, e-mail, phone and company: every row holds the text somewhere.
  const found = await accountTable(page).locator('tbody tr').allInnerTexts();
  expect(found.length).toBeGreaterThan(0);
  for (const text of found) expect(text.toLowerCase()).toContain(someone.toLowerCase());

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Rechercher un compte client' })).toHaveValue(
    someone.toUpperCase(),
  );
  await page.getByRole('button', { name: 'Effacer la recherche' }).click();
  await expect(page.getByRole('textbox', { name: 'Rechercher un compte client' })).toHaveValue('');
});

test('pages through the list by the server and keeps the selection from one page to the next', async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await expect(accountTable(page).locator('tbody tr').first()).toBeVisible();
  // About 300 accounts: without search or filter the list holds the first 100, 10 a page (spec 1 §9).
  await expect(page.getByRole('note')).toHaveText(
    /^Les 100 premiers comptes sur \d{3} : recherchez ou filtrez pour voir les autres\.$/,
  );
  await expect(page.getByText('Lignes 1 à 10 sur 100')).toBeVisible();
  await expect(accountTable(page).locator('tbody tr')).toHaveCount(10);
  const firstPage = await lastNames(page);
  const firstRow = accountTable(page).locator('tbody tr').first();
  await firstRow.getByRole('checkbox').check();

  const nextPage = page.getByRole('button', { name: 'Page suivante' });
  await nextPage.click();
  await expect(page.getByText('Lignes 11 à 20 sur 100')).toBeVisible();
  await expect(accountTable(page).locator('tbody tr')).toHaveCount(10);
  const secondPage = await lastNames(page);
  // Sorted by last name across the pages: the second page starts where the first ended.
  const byName = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' });
  expect(byName(secondPage[0]!, firstPage.at(-1)!)).toBeGreaterThanOrEqual(0);
  await accountTable(page).locator('tbody tr').first().getByRole('checkbox').check();
  await expect(page.getByText('2 compte(s) client(s) sélectionné(s)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);

  // A search shows its first page and drops the selection.
  await searchFor(page, 'ma');
  await expect(page.getByText(/^Lignes 1 à \d+ sur \d+$/)).toBeVisible();
  await expect(page.getByText(/compte\(s\) client\(s\) sélectionné\(s\)/)).toBeHidden();
  await expect(page.getByRole('note')).toBeHidden();
});

test('edits an account: a refusal turns the name red, a success reloads the list', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await expect(accountTable(page).locator('tbody tr').first()).toBeVisible();
  const [lastname = ''] = await lastNames(page);
  const email = await accountTable(page)
    .locator('tbody tr')
    .first()
    .locator('[data-column="email"]')
    .innerText();
  await searchFor(page, email);
  const row = accountTable(page).locator('tbody tr').first();
  await expect(accountTable(page).locator('tbody tr')).toHaveCount(1);
  await row.getByRole('checkbox').check();
  await expect(page.getByText('1 compte(s) client(s) sélectionné(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Modifier' }).click();

  const dialog = page.getByRole('dialog', { name: 'Modifier le compte client' });
  await expect(dialog.getByLabel('Nom', { exact: true })).toHaveValue(lastname);
  await dialog.getByLabel('Nom', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Le nom est obligatoire.')).toBeVisible();
  await expect(dialog.getByLabel('Nom', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Nom', { exact: true }).fill(lastname);
  await dialog.getByLabel('Prénom').fill('Édité');
  const limit = dialog.getByLabel('Découvert autorisé (€, vide pour aucun)');
  await limit.fill('5 €');
  await expect(dialog.getByText('Le montant est invalide.')).toBeVisible();
  await limit.fill('50,5');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le compte a été modifié avec succès.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(accountTable(page).locator('tbody tr').first().locator('td').nth(1)).toHaveText('Édité');
  await expect(page.getByText(/compte\(s\) client\(s\) sélectionné\(s\)/)).toBeHidden();

  // The credit limit is read back from the account.
  await accountTable(page).locator('tbody tr').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Modifier' }).click();
  await expect(limit).toHaveValue('50.50');
  await expect(dialog.getByLabel('Prénom')).toHaveValue('Édité');
});

test('deletes a zero-balance account from the list and it is gone', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await filterOnly(page, 'Solde', 'Nul');
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
  const row = accountTable(page).locator('tbody tr').first();
  await expect(row).toBeVisible();
  const name = await row.locator('th').innerText();
  const firstname = await row.locator('td').nth(1).innerText();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer la sélection' });
  await expect(dialog).toContainText('Voulez-vous vraiment supprimer 1 compte(s) client(s) ?');
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Votre sélection a été supprimée avec succès.')).toBeVisible();

  await page.reload();
  await searchFor(page, `${name} ${firstname}`.trim());
  await expect(page.getByText('Aucun compte client trouvé')).toBeVisible();
});

test('hides Supprimer when the selected account has a balance', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await filterOnly(page, 'Solde', 'Débiteur');
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
  await accountTable(page).locator('tbody tr').first().getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Modifier' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer', exact: true })).toHaveCount(0);
});

test('the standard edition has no selection column', async ({ page }) => {
  await signIn(page, 'standard@comptoir.test', '/customer-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Comptes clients' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Sélectionner les comptes au solde nul' })).toHaveCount(0);
  await expect(filters(page).getByRole('button', { name: /^Type de compte/ })).toHaveCount(0);
  if ((await accountTable(page).count()) > 0) {
    await expect(accountTable(page).getByRole('columnheader', { name: 'N° de carte' })).toBeVisible();
  }
});

test('a sub-user of the suite account sees the suite edition and no account-wide settings', async ({
  page,
}) => {
  await signIn(page, 'serveur@comptoir.test', '/customer-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Comptes clients' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement des comptes clients…' })).toBeHidden();
  // The account's edition: the suite's type filter, not the standard card-number column.
  await expect(filters(page).getByRole('button', { name: /^Type de compte/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Historique' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Paramètres' })).toHaveCount(0);
});

test('refuses a wrong IBAN in the settings: its field turns red with the reason and nothing is saved', async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres' });
  const iban = dialog.getByLabel('IBAN');
  const before = await iban.inputValue();
  await dialog.getByLabel("E-mail d'alerte").fill('nouvelle@creperie.test');
  await iban.fill('FR76 3000 6000 0112 3456 7890 188');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveText(/L’IBAN n’est pas valide/);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('button', { name: 'Paramètres' }).click();
  await expect(dialog.getByLabel('IBAN')).toHaveValue(before);
  await expect(dialog.getByLabel("E-mail d'alerte")).not.toHaveValue('nouvelle@creperie.test');
});

test('saves the settings and reads them back', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres' });
  const noNegative = dialog.getByRole('switch', { name: 'Interdire un solde négatif après débit' });
  const wasOn = await noNegative.isChecked();
  await noNegative.setChecked(!wasOn);
  const alertBalance = dialog.getByLabel("Solde d'alerte (€)");
  await alertBalance.fill('');
  await alertBalance.pressSequentially('+-12,5');
  await expect(alertBalance).toHaveValue('12,5');
  await alertBalance.blur();
  await expect(alertBalance).toHaveValue('-12.5');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Vos paramètres ont été mis à jour')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Paramètres' }).click();
  await expect(noNegative).toBeChecked({ checked: !wasOn });
  await expect(alertBalance).toHaveValue('-12.5');
  await expect(
    dialog.getByRole('switch', { name: 'Interdire le paiement avec un moyen de paiement exclu' }),
  ).toBeVisible();
});

test('the history asks for a period of a year at most and a valid e-mail, and tells namesakes apart', async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await page.getByRole('button', { name: 'Historique' }).click();
  const dialog = page.getByRole('dialog', { name: 'Historique des comptes clients' });
  const validate = dialog.getByRole('button', { name: 'Valider' });
  await expect(validate).toBeEnabled();
  // Reversed dates: nothing is sent, Valider waits for a valid period.
  const start = dialog.getByLabel('Du', { exact: true });
  const end = dialog.getByLabel('Au', { exact: true });
  const [first, last] = [await start.inputValue(), await end.inputValue()];
  await start.fill('31/12/2099');
  await start.blur();
  await expect(validate).toBeDisabled();
  await start.fill(first);
  await end.fill(last);
  await end.blur();
  await expect(validate).toBeEnabled();
  await validate.click();
  const results = dialog.getByRole('table', { name: /Opérations/ });
  await expect(results).toBeVisible();
  // Each customer links to its account, with its card number or e-mail when it has one.
  await expect(results.getByRole('link').first()).toHaveAttribute('href', /\/customer-account\/\d+\?id=/);
  const email = dialog.getByLabel('E-mail', { exact: true });
  await email.fill('pas-une-adresse');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Exporter' })).toBeDisabled();
});

test('extracts every account of the list, beyond the 100 shown, without the selection column', async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  const note = page.getByRole('note');
  await expect(note).toHaveText(/^Les 100 premiers comptes sur \d{3} :/);
  const total = Number(/sur (\d+)/.exec((await note.textContent()) ?? '')![1]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Extraire le tableau' }).click();
  const file = await (await downloading).path();
  const lines = fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).not.toContain('Sélection');
  expect(lines[0]).toMatch(/^Nom;Prénom;/);
  expect(lines).toHaveLength(total + 1);
});

test('shows what the customers owe, aged, filtered by age, with each debtor linked to its page', async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await page.getByRole('button', { name: 'Créances' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créances clients' });
  await expect(dialog.getByRole('status')).toHaveText(
    /^Dû par les clients : [\d ]+\.\d{2} € \(\d+ client\(s\) débiteur\(s\)\)\.$/,
  );
  const table = dialog.getByRole('table', { name: 'Clients débiteurs' });
  const all = await table.locator('tbody tr').count();
  expect(all).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: /^0 à 30 jours/ }).click();
  await expect(dialog.getByRole('button', { name: /^0 à 30 jours/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('link').first()).toHaveAttribute('href', /\/customer-account\/\d+\?id=/);
  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customer-account\/\d+\?id=/);
});

test('keeps the balance in view at 1440 px with the drawer open, and first on a phone’s card', async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  const table = accountTable(page);
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const header = await table.getByRole('columnheader', { name: /^Solde/ }).boundingBox();
  expect(header!.x + header!.width).toBeLessThanOrEqual(1440);
  await page.setViewportSize({ width: 390, height: 844 });
  const card = table.locator('tbody tr').first();
  const balance = await card.locator('[data-column="balance"]').boundingBox();
  const email = await card.locator('[data-column="email"]').boundingBox();
  expect(balance!.y).toBeLessThan(email!.y);
  expect(balance!.x + balance!.width).toBeLessThanOrEqual(390);
});

test('support viewing a customer reads its settings, visibly read-only, with nothing to save', async ({
  page,
}) => {
  await signIn(page, 'support@comptoir.test');
  await page.goto('/support');
  const row = page.getByRole('row', { name: /demo@comptoir\.test/ });
  await row.getByRole('button', { name: 'Voir comme ce client' }).click();
  await expect(page.getByText(/Connecté en tant que Camille Dupont/)).toBeVisible();
  await page.goto('/customer-account');
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres' });
  await expect(dialog.getByRole('note')).toHaveText(/Consultation en lecture seule/);
  await expect(dialog.getByLabel('IBAN')).toBeDisabled();
  await expect(dialog.getByRole('switch').first()).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  // The footer's « Fermer » (the title bar's cross has the same name).
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(dialog).toBeHidden();
});
