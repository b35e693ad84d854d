import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-Comptoir-2026';

/** Seeded menu ids (apps/server/src/db/migrations/004-shell.ts). */
export const MENU_IDS = {
  salesReports: 'c0a7e900-0000-4000-8000-000000000001',
  salesAnalysis: 'c0a7e900-0000-4000-8000-000000000011',
  accounting: 'c0a7e900-0000-4000-8000-000000000006',
} as const;

/** The help video opens on a first visit; tests that are not about it say it was already seen. */
export async function markHelpVideoSeen(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('helpVideoSeen', 'tour-2026-1'));
}

export async function signIn(page: Page, email: string, redirect = '/'): Promise<void> {
  await page.goto(`/auth/login?scope=bo-client&redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(redirect);
}

export function drawer(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await expect(page.getByRole('menu', { name: 'Menu du compte' })).toBeVisible();
}

export async function storedAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  return token!;
}

/** On `/warelist`: expands the draught beers and opens the half-pint tap's pours; the dialog. */
export async function openHalfPintTap(page: Page) {
  const table = page.getByRole('table', { name: 'Versements et ventes par catégorie de marchandises' });
  await expect(table).toBeVisible();
  await table
    .getByRole('button', { name: 'Afficher les marchandises de la catégorie Bières pression' })
    .click();
  await expect(
    table.getByRole('button', { name: 'Masquer les marchandises de la catégorie Bières pression' }),
  ).toHaveAttribute('aria-expanded', 'true');
  await table.getByRole('button', { name: 'Voir le détail des versements de Tireuse blonde 25 cl' }).click();
  return page.getByRole('dialog', { name: 'Détail des versements · Tireuse blonde 25 cl' });
}
