import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('reminds two debtors from the receivables and tells who was reminded (issue 31, item 26)', async ({
  page,
}) => {
  await markHelpVideoSeen(page);
  await signIn(page, 'demo@comptoir.test', '/customer-account');
  await page.getByRole('button', { name: 'Créances' }).click();
  const receivables = page.getByRole('dialog', { name: 'Créances clients' });
  const table = receivables.getByRole('table', { name: 'Clients débiteurs' });
  const rows = table.locator('tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  const names: string[] = [];
  for (const row of [rows.nth(0), rows.nth(1)]) {
    names.push(await row.locator('th[scope="row"]').innerText());
    await row.getByRole('checkbox').check();
  }
  await receivables.getByRole('button', { name: 'Relancer (2)' }).click();

  const form = page.getByRole('dialog', { name: 'Relancer les clients' });
  await expect(form.getByText('2 clients sélectionnés')).toBeVisible();
  await expect(form.getByText('demo@comptoir.test')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(/^Bonjour,/);
  await form.getByRole('button', { name: 'Envoyer les relances' }).click();

  const summary = form.getByRole('status');
  await expect(summary.getByRole('heading').first()).toHaveText(
    /^(Envoyées|Sans adresse e-mail|Rien à relancer) \(\d\)$/,
  );
  const listed = await summary.getByRole('listitem').allInnerTexts();
  expect(listed.sort()).toEqual([...names].sort());
  await form.getByRole('button', { name: 'Terminé' }).click();
  await expect(receivables.getByRole('button', { name: 'Relancer (0)' })).toBeDisabled();
});
