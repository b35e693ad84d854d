import { expect, test } from '@playwright/test';
import { drawer } from './helpers';

test('a signed-out visitor signs in, sees the help video once, the grid and the day figures', async ({
  page,
}) => {
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: 'Service non autorisé' })).toBeVisible();
  await expect(page.getByText('Vous devez être connecté pour accéder à ce service.')).toBeVisible();
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page).toHaveURL(/\/auth\/login\?scope=bo-client&redirect=%2F$/);
  await page.getByLabel('Adresse e-mail').fill('demo@comptoir.test');
  await page.getByLabel('Mot de passe').fill('demo-Comptoir-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page).toHaveURL('/');
  const helpVideo = page.getByRole('dialog', { name: 'Découvrir Comptoir' });
  await expect(helpVideo).toBeVisible();
  await helpVideo.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(helpVideo).toBeHidden();

  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu du compte' })).toContainText('Camille Dupont');
  await expect(drawer(page).getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'Vos rubriques' })).toBeVisible();
  const establishment = page.getByRole('article').first();
  await expect(establishment.getByRole('heading', { name: "Chiffre d'affaires TTC" })).toBeVisible();
  await expect(establishment.getByText(/\d+\.\d{2} €/).first()).toBeVisible();
  await expect(establishment.getByText(/Cette semaine, depuis le/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Découvrir Comptoir' })).toBeHidden();
});
