import { expect, type BrowserContext, type Page } from '@playwright/test';
import { USER_TOKEN_STORAGE_KEYS } from '@comptoir/contracts';

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

/**
 * The server's access tokens live an hour here (playwright.config.ts), so a signed-in session serves
 * many tests without a renewal; the tests of renewal move the browser's clock this far ahead.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** How far to move the browser's clock for the portal's check to find 5 s left on a new token and renew. */
export const UNTIL_RENEWAL_MS = (ACCESS_TOKEN_TTL_SECONDS - 5) * 1000;

interface SavedSession {
  accessToken: string;
  refreshToken: string;
  expiresAtMs: number;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
}

/** One session per user and worker, shared by the tests that only need to be signed in. */
const savedSessions = new Map<string, SavedSession>();

async function savedSession(page: Page, email: string): Promise<SavedSession> {
  const saved = savedSessions.get(email);
  // A test signs in for at most a few minutes; a session that a test signed out is not reused.
  if (saved && saved.expiresAtMs - Date.now() > 10 * 60_000) {
    const me = await page.request.get('/api/user/me', {
      headers: { authorization: `Bearer ${saved.accessToken}` },
    });
    if (me.ok()) {
      await page.context().addCookies(saved.cookies);
      return saved;
    }
  }
  // The same request as the sign-in page's form, which sign-in.spec.ts drives itself.
  const response = await page.request.post('/auth/login', {
    data: { email, password: DEMO_PASSWORD, scope: 'bo-client' },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
  const session: SavedSession = {
    ...tokens,
    expiresAtMs: Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000,
    cookies: await page.context().cookies(),
  };
  savedSessions.set(email, session);
  return session;
}

/**
 * Opens `redirect` signed in as `email`, with the session this worker already holds for that user
 * (as the sign-in page leaves it: the tokens in localStorage, the refresh cookie). A test that signs
 * out, renews or changes the password uses `signInWithForm`, which opens a session of its own.
 */
export async function signIn(page: Page, email: string, redirect = '/'): Promise<void> {
  const { accessToken, refreshToken } = await savedSession(page, email);
  await page.goto('/api/health');
  await page.evaluate(
    ({ keys, access, refresh }) => {
      localStorage.setItem(keys.accessToken, access);
      localStorage.setItem(keys.refreshToken, refresh);
    },
    { keys: USER_TOKEN_STORAGE_KEYS, access: accessToken, refresh: refreshToken },
  );
  await page.goto(redirect);
  await expect(page).toHaveURL(redirect);
}

/** Signs in through the sign-in page, as a user does: a new session. */
export async function signInWithForm(page: Page, email: string, redirect = '/'): Promise<void> {
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
  const token = await page.evaluate((key) => localStorage.getItem(key), USER_TOKEN_STORAGE_KEYS.accessToken);
  expect(token).toBeTruthy();
  return token!;
}

/** On `/warelist`: expands the draught beers and opens the half-pint tap's pours; the dialog. */
export async function openHalfPintTap(page: Page) {
  const table = page.getByRole('table', { name: 'Versements et ventes par catégorie de marchandises' });
  await expect(table).toBeVisible();
  const category = table.getByRole('button', { name: /^Bières pression\s*\d+ marchandises$/ });
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await table.getByRole('button', { name: /^Tireuse blonde 25 cl.*, détail des versements$/ }).click();
  return page.getByRole('dialog', { name: 'Détail des versements · Tireuse blonde 25 cl' });
}
