import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';
import { addressesOf, declaredPatterns, NOT_WALKED, realIds, STAFF_ROUTES } from './routeTable';

/**
 * Walks the whole route table (spec 1 §2.1) as the suite account's holder and fails on any page that
 * still shows « Cette page n'est pas encore disponible » (issue 19). The list of routes is read from
 * `apps/web/src/app/routes.tsx`, so a route added there without an address here fails the walk too.
 */

const OWNER = 'demo@comptoir.test';
const PLACEHOLDER = "Cette page n'est pas encore disponible";

async function expectNoPlaceholder(page: Page, address: string): Promise<void> {
  await page.goto(address);
  // The page has finished loading its script and its first data once the loading state is gone.
  await expect(page.locator('main h1, main h2').first(), address).toBeVisible();
  await expect(page.getByText('Chargement…')).toHaveCount(0);
  await expect.soft(page.getByText(PLACEHOLDER), address).toHaveCount(0, { timeout: 1_000 });
  await expect.soft(page.getByText('Oups !'), address).toHaveCount(0, { timeout: 1_000 });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('every route of the route table renders its page, none the placeholder', async ({ page }) => {
  test.setTimeout(300_000);
  await markHelpVideoSeen(page);
  await signIn(page, OWNER);
  const ids = await realIds(page);
  const walked: string[] = [];
  for (const pattern of declaredPatterns()) {
    if (NOT_WALKED.has(pattern)) continue;
    const addresses = addressesOf(pattern, ids);
    for (const address of addresses) {
      await expectNoPlaceholder(page, address);
      walked.push(address);
    }
  }
  // The table is large: a parsing slip that finds nothing must not pass.
  expect(walked.length).toBeGreaterThan(30);
});

test('the staff pages of the route table render, none the placeholder', async ({ page }) => {
  await signIn(page, 'support@comptoir.test');
  for (const pattern of STAFF_ROUTES) {
    expect(declaredPatterns()).toContain(pattern);
    await expectNoPlaceholder(page, `/${pattern}`);
  }
});
