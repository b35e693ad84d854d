import { expect, test, type BrowserContext } from '@playwright/test';
import { DEMO_PASSWORD, markHelpVideoSeen, signInWithForm, UNTIL_RENEWAL_MS } from './helpers';

const RENEWAL = '**/api/auth/accessToken/**';

/**
 * Holds the first renewal until another one arrives (or 2 s pass), so that two are under way at
 * once; records the refresh tokens presented and the answers' statuses.
 */
async function holdFirstRenewal(context: BrowserContext) {
  const presented: string[] = [];
  const statuses: number[] = [];
  let releaseFirst = () => {};
  const secondArrived = new Promise<void>((resolve) => (releaseFirst = resolve));
  await context.route(RENEWAL, async (route) => {
    presented.push(new URL(route.request().url()).searchParams.get('refreshToken') ?? '');
    if (presented.length === 1) {
      await Promise.race([secondArrived, new Promise((resolve) => setTimeout(resolve, 2000))]);
    } else {
      releaseFirst();
    }
    const response = await route.fetch();
    statuses.push(response.status());
    await route.fulfill({ response });
  });
  return { presented, statuses };
}

test('the portal and the change-password page renewing at the same moment keep the session', async ({
  context,
}) => {
  await context.clock.install();
  const portal = await context.newPage();
  await markHelpVideoSeen(portal);
  await signInWithForm(portal, 'demo@comptoir.test');
  await expect(portal.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();

  const passwordPage = await context.newPage();
  await passwordPage.goto('/auth/password');
  await expect(
    passwordPage.getByRole('heading', { level: 1, name: 'Modifier mon mot de passe' }),
  ).toBeVisible();
  // The current password as the new one: the server checks both and refuses, and nothing changes.
  await passwordPage.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
  await passwordPage.getByLabel('Nouveau mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await passwordPage.getByLabel('Confirmez le nouveau mot de passe').fill(DEMO_PASSWORD);

  // Without a shared lock, both tabs would present the same refresh token to the server, which
  // revokes the session on reuse.
  const { presented, statuses } = await holdFirstRenewal(context);

  async function submit(): Promise<string | undefined> {
    const answer = passwordPage.waitForResponse(
      (response) => response.url().endsWith('/auth/password') && response.request().method() === 'POST',
    );
    await passwordPage.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    const body = (await (await answer).json()) as { error?: { code?: string } };
    return body.error?.code;
  }

  // An hour-long token with 5 s left is under the 180 s threshold: the portal's check renews, and
  // the page renews before it posts.
  const portalRenewal = portal.waitForRequest(RENEWAL);
  await context.clock.fastForward(UNTIL_RENEWAL_MS);
  await portalRenewal;
  expect(await submit()).toBe('SAME_PASSWORD');
  await expect(
    passwordPage.getByText("Le nouveau mot de passe doit être différent de l'ancien."),
  ).toBeVisible();
  expect(presented.length).toBeGreaterThanOrEqual(2);
  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(new Set(presented).size).toBe(presented.length);

  // Both tabs keep working with the session: the page posts again, the portal reloads signed in.
  expect(await submit()).toBe('SAME_PASSWORD');
  await expect(passwordPage.getByRole('link', { name: 'Se connecter' })).toBeHidden();
  await portal.reload();
  await expect(portal.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(new Set(presented).size).toBe(presented.length);
});

test('two portal tabs renewing at the same moment keep the session', async ({ context }) => {
  await context.clock.install();
  const first = await context.newPage();
  await markHelpVideoSeen(first);
  await signInWithForm(first, 'demo@comptoir.test');
  await expect(first.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();

  const { presented, statuses } = await holdFirstRenewal(context);

  // An hour on, less 5 s: both tabs' checks find 5 s left and renew.
  // The tab that waited for the lock reads the other's new token, which the fast-forwarded clock
  // finds short-lived too: it renews with that one. Both answers are in before the tabs reload (a
  // tab reloaded while its renewal is in flight never stores the new pair: see ARCHITECTURE).
  await context.clock.fastForward(UNTIL_RENEWAL_MS);
  await expect.poll(() => statuses.length).toBe(2);
  await first.reload();
  await expect(first.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  await second.reload();
  await expect(second.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(new Set(presented).size).toBe(presented.length);
});
