import { expect, test } from '@playwright/test';
import { bearer, mailbox, mailText } from './fiscal-helpers';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('a holder invites a friend, who signs up through the personal link; staff record the first month paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const friend = `ami-${Date.now()}@restaurant.test`;

  await markHelpVideoSeen(page);
  await signIn(page, 'demo@comptoir.test');
  await page.getByRole('button', { name: 'Parrainez un ami' }).click();
  const offer = page.getByRole('dialog', { name: 'Parrainez un ami, recevez 100\u00a0€' });
  await expect(offer).toBeVisible();
  await offer.getByRole('link', { name: 'Inviter par e-mail' }).click();
  await expect(page).toHaveURL('/parrainage');
  await expect(page.getByRole('heading', { level: 1, name: 'Parrainez un ami' })).toBeVisible();
  // « 100 € » holds a non-breaking space: it never splits across lines.
  await expect(page.locator('.page-intro')).toContainText('100\u00a0€');

  await page.getByLabel('E-mail de votre ami').fill(friend);
  await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText(`Invitation envoyée à ${friend}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: friend });
  await expect(row).toContainText('Invité');

  await page.getByLabel('E-mail de votre ami').fill(friend);
  await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(page.getByRole('alert')).toHaveText('Vous avez déjà invité cette adresse.');

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await markHelpVideoSeen(staffPage);
  await signIn(staffPage, 'support@comptoir.test', '/support');
  const staffToken = await storedAccessToken(staffPage);
  const mail = (await mailbox(staffPage, staffToken)).find((m) => m.to === friend);
  expect(mail?.subject).toBe('Je vous recommande Comptoir');
  const link = /https?:\/\/\S+(\/parrainage\/invitation\/[A-Za-z0-9_-]+)/.exec(
    await mailText(staffPage, staffToken, mail!.id),
  )?.[1];
  expect(link).toBeDefined();

  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await friendPage.goto(link!);
  await expect(friendPage.getByRole('heading', { name: 'Invitation à découvrir Comptoir' })).toBeVisible();
  await friendPage.getByLabel('Nom du restaurant').fill('Le Bistrot des Amis');
  await friendPage.getByLabel('Votre nom').fill('Jules Perrin');
  await friendPage.getByLabel('Téléphone').fill('06 12 34 56 78');
  await friendPage.getByRole('button', { name: 'Envoyer mes coordonnées' }).click();
  await expect(friendPage.getByText(/Vos coordonnées ont bien été transmises/)).toBeVisible();

  await page.reload();
  await expect(row).toContainText('Inscrit');
  await expect(row).toContainText('Le Bistrot des Amis');

  await staffPage.reload();
  const referrals = staffPage.getByRole('region', { name: 'Parrainages' });
  const staffRow = referrals.getByRole('row').filter({ hasText: 'Le Bistrot des Amis' });
  await staffRow.getByRole('button', { name: 'Premier mois payé' }).click();
  await expect(staffRow).toContainText('Premier mois payé');
  await expect(staffRow.getByRole('button')).toHaveCount(0);

  await page.reload();
  await expect(row).toContainText('Premier mois payé');
  await expect(row).toContainText('100\u00a0€');

  // The server refuses sponsorship to customer-space users too.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await markHelpVideoSeen(clientPage);
  await signIn(clientPage, 'client@comptoir.test');
  const refused = await clientPage.request.post('/api/sponsorship/referrals', {
    headers: bearer(await storedAccessToken(clientPage)),
    data: { email: `autre-${friend}` },
  });
  expect(refused.status()).toBe(403);

  await staffContext.close();
  await friendContext.close();
  await clientContext.close();
});
