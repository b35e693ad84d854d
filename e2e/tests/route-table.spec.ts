import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { declaredPatterns, openRenderedPage, STAFF_ROUTES } from './routeTable';

/**
 * The holder's walk of the whole route table (spec 1 §2.1), failing on a page that still shows the
 * placeholder, is the accessibility walk (accessibility.spec.ts), which opens every page anyway; the
 * list of routes is read from `apps/web/src/app/routes.tsx`, so a route added there without an
 * address fails the walk too. Here: the staff pages, which the holder cannot open.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('the staff pages of the route table render, none the placeholder', async ({ page }) => {
  await signIn(page, 'support@comptoir.test');
  for (const pattern of STAFF_ROUTES) {
    expect(declaredPatterns()).toContain(pattern);
    await openRenderedPage(page, `/${pattern}`);
  }
});
