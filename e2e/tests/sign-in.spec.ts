import { expect, test } from '@playwright/test';

test('a signed-out visitor signs in and sees the day figures of an establishment', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/auth\/login\?scope=bo-client&redirect=%2F$/);
  await page.getByLabel('Adresse e-mail').fill('demo@comptoir.test');
  await page.getByLabel('Mot de passe').fill('demo-Comptoir-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText('Camille Dupont')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  const establishment = page.getByRole('article').first();
  await expect(establishment.getByRole('heading', { name: "Chiffre d'affaires TTC" })).toBeVisible();
  await expect(establishment.getByText(/\d+\.\d{2} €/).first()).toBeVisible();
});
