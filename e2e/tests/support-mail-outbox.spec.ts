import { expect, test, type Route } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

const DEAD_MAIL = {
  id: '0d0d0d0d-0000-4000-8000-000000000001',
  to: 'compta@groupe-dupont.fr',
  subject: 'Export des lignes de ventes du 13/03/2026 au 14/03/2026',
  status: 'dead',
  attempts: 12,
  lastError: 'connect ECONNREFUSED 10.0.0.25:587',
  nextAttemptAt: null,
  createdAt: '2026-03-14T08:00:00.000Z',
  lastAttemptAt: '2026-03-15T08:00:00.000Z',
  isResendable: true,
};

test('support staff find the outbox from their page, read where each mail stands, and send a dead one again', async ({
  page,
}) => {
  // The e2e server has no SMTP server: its mail never fails. The dead mail is the server's answer
  // as the server test writes it (support.integration.test.ts); the page and its calls are real.
  let resent: string | null = null;
  await page.route('**/api/support/mail-outbox?filter=undelivered', (route: Route) =>
    route.fulfill({
      json: {
        messages: resent ? [] : [DEAD_MAIL],
      },
    }),
  );
  await page.route('**/api/support/mail-outbox/*/resend', (route: Route) => {
    resent = route.request().url();
    return route.fulfill({
      json: {
        ...DEAD_MAIL,
        status: 'queued',
        isResendable: false,
        nextAttemptAt: '2026-03-15T09:00:00.000Z',
      },
    });
  });
  await markHelpVideoSeen(page);
  await signIn(page, 'support@comptoir.test', '/support');

  await page.getByRole('link', { name: 'File des e-mails' }).click();

  await expect(page).toHaveURL('/support/mail-outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'File des e-mails' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: DEAD_MAIL.subject });
  await expect(row).toContainText('compta@groupe-dupont.fr');
  await expect(row).toContainText('Échec définitif');
  await expect(row).toContainText('connect ECONNREFUSED 10.0.0.25:587');
  await row
    .getByRole('button', { name: `Renvoyer « ${DEAD_MAIL.subject} » à compta@groupe-dupont.fr` })
    .click();
  await expect(page.getByText('Aucun e-mail', { exact: true })).toBeVisible();
  expect(resent).toContain(`/api/support/mail-outbox/${DEAD_MAIL.id}/resend`);

  // Every mail, from the server itself: without SMTP they stay kept for the dev mailbox.
  await page.unrouteAll();
  const all = page.waitForResponse((response) =>
    response.url().includes('/api/support/mail-outbox?filter=all'),
  );
  await page.getByRole('radio', { name: 'Tous' }).click();
  expect((await all).status()).toBe(200);
});
