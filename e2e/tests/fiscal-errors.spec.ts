import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

const OWNER = 'demo@comptoir.test';
const MESSAGE = `Ticket illisible signalé par la caisse (${Date.now()})`;

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

test('a client-reported error shows on the errors page, opens its detail, and the incident list is a PDF', async ({
  page,
}) => {
  await markHelpVideoSeen(page);
  await signIn(page, OWNER);
  const token = await storedAccessToken(page);

  // The demo has no defect: the holder reports one on a service of one of its registers.
  const services = await page.request.get('/api/administration-fiscale/tracking/services', {
    headers: bearer(token),
  });
  expect(services.ok()).toBe(true);
  const { rows } = (await services.json()) as { rows: { id: string; registerId: string; number: number }[] };
  const service = rows[0]!;
  const posted = await page.request.post('/api/administration-fiscale/error', {
    headers: bearer(token),
    data: {
      errors: [
        {
          idCashRegister: service.registerId,
          kind: 'service',
          recordId: service.id,
          code: 'E2E',
          message: MESSAGE,
        },
      ],
    },
  });
  expect(posted.status()).toBe(201);

  await page.goto('/administration-fiscale/errors');
  await expect(page.getByRole('heading', { level: 1, name: 'Erreurs détectées' })).toBeVisible();
  const servicesSection = page.getByRole('region', { name: 'Services erronés', exact: true });
  const row = servicesSection.getByRole('row').filter({ hasText: MESSAGE });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Signalée par la caisse : ${MESSAGE}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Clôtures serveur erronées (0)' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: /^Interventions techniques \(\d+\)$/ }),
  ).toBeVisible();

  await page.screenshot({ path: test.info().outputPath('errors-1280.png'), fullPage: true });

  await row.click();
  await expect(page).toHaveURL(/\/administration-fiscale\/errors\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Erreur : Erreur signalée' })).toBeVisible();
  await expect(page.getByText('Signalée par un client')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('error-detail-1280.png'), fullPage: true });
  const serviceLink = page.getByRole('link', { name: `Voir le service n° ${service.number}` });
  await serviceLink.click();
  await expect(page).toHaveURL(`/administration-fiscale/services/details/${service.id}`);

  await page.goBack();
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL('/administration-fiscale/errors');

  // The link the button builds answers a PDF.
  const pdfData = (await (
    await page.request.get('/api/administration-fiscale/pdf-data?action=incidents', {
      headers: bearer(token),
    })
  ).json()) as { dbName: string; timestamp: number; by: string; signature: string; path: string };
  const pdf = await page.request.get(
    `${pdfData.path}?db=${pdfData.dbName}&action=incidents&format=pdf&ts=${pdfData.timestamp}&by=${pdfData.by}&signature=${pdfData.signature}`,
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Télécharger la liste des incidents fiscaux (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Liste des incidents fiscaux' });
  await expect(dialog.getByRole('link', { name: /Télécharger/ })).toBeVisible();
  await dialog.press('Escape');

  // Beside the account's own list, the NF525 guide that explains each incident (hidden from the library).
  const guide = page.getByRole('link', { name: 'Comprendre ces incidents (guide NF525, PDF)' });
  const guidePdf = await page.request.get((await guide.getAttribute('href'))!);
  expect(guidePdf.headers()['content-type']).toBe('application/pdf');
  expect((await guidePdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('errors-390.png'), fullPage: true });
});
