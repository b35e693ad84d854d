import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

const player = (page: Page) => page.locator('video[data-video-id]');
const card = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(title) });

/** Waits until the server stored a state of the given kind, as the page posted it. */
function stateSaved(page: Page, state: 'watched' | 'paused' | 'inProgress') {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/videos/states') &&
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes(`"state":"${state}"`) &&
      response.status() === 200,
  );
}

/** Jumps to `seconds` once the video's length is known, then plays. */
async function playFrom(page: Page, seconds: (duration: number) => number) {
  await expect
    .poll(() => player(page).evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThan(0);
  await player(page).evaluate(
    async (video: HTMLVideoElement, at) => {
      video.currentTime = at;
      await video.play();
    },
    seconds(await player(page).evaluate((video: HTMLVideoElement) => video.duration)),
  );
}

test('watching a video to its end marks it watched and selects the next one, after a reload too', async ({
  page,
  context,
}) => {
  await signIn(page, 'standard@comptoir.test', '/videos');
  await expect(page.getByRole('heading', { name: 'Vidéos de formation', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Premiers pas sur Comptoir', level: 2 })).toBeVisible();
  await expect(card(page, 'Premiers pas sur Comptoir')).toContainText('En cours de lecture');
  await expect(page.getByRole('complementary', { name: 'Légende' })).toContainText('Déjà vue');

  const watched = stateSaved(page, 'watched');
  await playFrom(page, (duration) => duration - 0.5);
  await watched;
  await expect(page.getByRole('heading', { name: 'Lire vos rapports', level: 2 })).toBeVisible();
  await expect(card(page, 'Premiers pas sur Comptoir')).toContainText('Déjà vue');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lire vos rapports', level: 2 })).toBeVisible();
  await expect(card(page, 'Premiers pas sur Comptoir')).toContainText('Déjà vue');
  await expect(card(page, 'Lire vos rapports')).toContainText('En cours de lecture');
  await expect(card(page, 'Les comptes clients')).toContainText('Non vue');

  // The cookie of watched videos (spec 3 §9) mirrors the server.
  const firstId = await page.evaluate(() =>
    fetch('/api/videos', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } })
      .then((response) => response.json() as Promise<{ videos: { id: string }[] }>)
      .then((body) => body.videos[0]!.id),
  );
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'comptoirWatchedVideos')?.value).toBe(firstId);
});

test('a paused video resumes where it stopped, after a reload', async ({ page }) => {
  await signIn(page, 'client@comptoir.test', '/videos');
  await card(page, "L'export comptable").click();
  await expect(page.getByRole('heading', { name: "L'export comptable (FEC)", level: 2 })).toBeVisible();
  // Opening the card starts playing; a jump to 5 s then a pause, in one go, whatever the machine's pace.
  await expect.poll(() => player(page).evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
  const paused = stateSaved(page, 'paused');
  await player(page).evaluate(async (video: HTMLVideoElement) => {
    video.currentTime = 5;
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    await video.play();
    video.pause();
  });
  await paused;

  await page.reload();
  // The paused video opens first, at its stored position.
  await expect(page.getByRole('heading', { name: "L'export comptable (FEC)", level: 2 })).toBeVisible();
  await expect
    .poll(() => player(page).evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeGreaterThanOrEqual(5);
  await card(page, 'Premiers pas sur Comptoir').click();
  await expect(card(page, "L'export comptable")).toContainText(/Reprendre à 0:0[5-6]/);
});

test('the suite page has no header for suite users but keeps a way back', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test', '/videos-suite');
  await expect(page.getByRole('heading', { name: 'Vidéos de formation', level: 1 })).toBeVisible();
  await expect(page.locator('header.topbar')).toHaveCount(0);
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL('/');
});
