import { expect, test } from '@playwright/test';
import { drawer, markHelpVideoSeen, signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

test.use({ viewport: { width: 1440, height: 900 } });

test('« Actualités » in the drawer opens the news feed, newest item first', async ({ page }) => {
  await signIn(page, 'demo@comptoir.test');
  await drawer(page).getByRole('link', { name: 'Actualités' }).click();
  await expect(page).toHaveURL('/feed/news');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();

  const timeline = page.getByRole('list', { name: 'Actualités, du plus récent au plus ancien' });
  const titles = timeline.getByRole('heading', { level: 2 });
  await expect(titles.first()).toHaveText('Rappel : vos clôtures fiscales');
  await expect(titles).toContainText([
    'Certification NF525 renouvelée',
    'Rappel : les taux de TVA en restauration',
  ]);
  await expect(timeline.getByRole('article').first().locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

  const law = timeline.getByRole('link', { name: 'BOFiP' });
  await expect(law).toHaveAttribute('target', '_blank');
  await expect(law).toHaveAttribute('rel', 'noopener noreferrer');
});
