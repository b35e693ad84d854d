import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

/** OuiLink's fixed id (apps/server/src/db/migrations/020-partners.ts). */
const OUILINK_PARTNER_ID = 'fa47e000-0000-4000-8000-000000000101';

test.use({ viewport: { width: 1440, height: 900 } });
// The demo leaves the suite account without a OuiLink integration: onboarding first, then validated.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

/** The partner's health address the server checks (OUILINK_HEALTH_URL in playwright.config.ts). */
let isPartnerUp = true;
let partnerHealth: http.Server;
test.beforeAll(async () => {
  partnerHealth = http.createServer((_request, response) => {
    response.statusCode = isPartnerUp ? 200 : 503;
    response.end(isPartnerUp ? '{"status":"ok"}' : '{"status":"maintenance"}');
  });
  const port = Number(process.env.E2E_PORT ?? 3100) + 1000;
  await new Promise<void>((resolve) => partnerHealth.listen(port, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => partnerHealth.close(resolve));
});

/** Activates OuiLink for the signed-in account and answers as the partner would: validated. */
async function validateOuilink(page: Page, customerId: string): Promise<void> {
  const authorization = `Bearer ${await storedAccessToken(page)}`;
  const ipad = await page.request.post('/api/partnership/ipadToken', {
    headers: { authorization },
    data: {},
  });
  expect(ipad.status()).toBe(200);
  const { ipadToken } = (await ipad.json()) as { ipadToken: string };
  const link = await page.request.post('/api/partnership/generate-link', {
    headers: { authorization },
    data: { ipadToken, partnerId: OUILINK_PARTNER_ID },
  });
  expect(link.status()).toBe(200);
  const { token: key } = (await link.json()) as { token: string };
  const answer = await page.request.post('/api/partners/callback', {
    headers: { authorization: `PartnerKey ${key}` },
    data: { action: 'validate', customerId },
  });
  expect(answer.status()).toBe(200);
}

test("without a validated integration, the frame opens the partner's onboarding prefilled", async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/ouilink');
  await expect(page.getByRole('heading', { level: 1, name: 'Achats partenaires' })).toBeVisible();
  const frame = page.frameLocator('iframe[title="OuiLink : ouverture de votre compte"]');
  await expect(frame.getByRole('heading', { name: 'OuiLink · Ouvrir un compte' })).toBeVisible();
  await expect(frame.getByLabel('E-mail')).toHaveValue('demo@comptoir.test');
  await expect(frame.getByLabel('Établissement')).not.toHaveValue('');
  await expect(frame.getByLabel('Nom', { exact: true })).not.toHaveValue('');

  await frame.getByRole('button', { name: 'Créer mon compte OuiLink' }).click();
  await expect(frame.getByText(/^Demande envoyée/)).toBeVisible();
});

test("with a validated integration, the frame opens the partner's page signed in with k", async ({
  page,
}) => {
  await signIn(page, 'demo@comptoir.test', '/partenaires');
  await validateOuilink(page, 'OL-E2E-0042');

  await page.goto('/ouilink');
  const frameElement = page.locator('iframe[title="OuiLink : votre catalogue fournisseurs"]');
  await expect(frameElement).toHaveAttribute(
    'src',
    /^\/partner-standin\/ouilink\/catalogue\?k=[\w-]+\.[\w-]+\.[\w-]+$/,
  );
  const frame = page.frameLocator('iframe[title="OuiLink : votre catalogue fournisseurs"]');
  await expect(frame.getByRole('heading', { name: /^OuiLink · Bonjour .+ !$/ })).toBeVisible();
  await expect(frame.getByText(/compte client OuiLink n° OL-E2E-0042/)).toBeVisible();
});

test('while the partner is down, the maintenance message replaces the frame; a failure shows the same', async ({
  page,
}) => {
  // The partner's health address answers 503: the server says maintenance. The answer is held back a
  // moment (and then passed on unchanged) to see the loading overlay first.
  isPartnerUp = false;
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ouilink', async (route) => {
    await answered;
    await route.continue();
  });
  await signIn(page, 'demo@comptoir.test', '/ouilink');
  await expect(page.getByRole('dialog', { name: 'Connexion à OuiLink…' })).toBeVisible();
  release();
  await expect(page.getByRole('dialog', { name: 'Connexion à OuiLink…' })).toBeHidden();
  await expect(page.getByText('OuiLink est momentanément indisponible')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);

  // Spec 1 §8: a failed link is only logged; the page is not blank, and trying again reaches the partner.
  await page.unroute('**/api/ouilink');
  await page.route('**/api/ouilink', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
  const logged = page.waitForEvent('console', (message) =>
    message.text().includes('ouilink: the partner link failed'),
  );
  await page.reload();
  await logged;
  await expect(page.getByText('OuiLink est momentanément indisponible')).toBeVisible();
  await expect(page.getByText('Une erreur est survenue')).toHaveCount(0);
  await page.unroute('**/api/ouilink');
  isPartnerUp = true;
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(
    page.frameLocator('iframe').getByRole('heading', { name: /^OuiLink · Bonjour/ }),
  ).toBeVisible();
});

test('the partner offer page shows its image and leads to the partner grid', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test', '/doc');
  await expect(page.getByRole('heading', { level: 1, name: 'Offre partenaire' })).toBeVisible();
  const image = page.getByRole('img', { name: /^L’offre OuiLink/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  // One OuiLink logo: the partner grid's.
  const { partnersCategories } = (await (
    await page.request.get('/api/partners', {
      headers: { authorization: `Bearer ${await storedAccessToken(page)}` },
    })
  ).json()) as { partnersCategories: { partners: { code: string; logo: string | null }[] }[] };
  const gridLogo = partnersCategories.flatMap((c) => c.partners).find((p) => p.code === 'ouilink')!.logo;
  await expect(page.getByRole('img', { name: 'Logo de OuiLink' })).toHaveAttribute('src', gridLogo!);
  await page.getByRole('link', { name: 'Voir tous nos partenaires' }).click();
  await expect(page).toHaveURL('/partenaires');
});
