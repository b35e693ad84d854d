import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

const STAFF = 'support@comptoir.test';
const HEADERS = [
  'ETABLISSEMENT',
  'ID_LIGNE_VENTE',
  'HEURE VENTE',
  'TYPE PRODUIT',
  'ID_PRODUIT',
  'NOM PRODUIT',
  'HT',
  'TVA',
  'TTC',
  'ID_PARENT',
  'ID_SALLES',
  'NOM SALLES',
];

test.use({ viewport: { width: 1440, height: 900 } });

test('previews the sales lines, exports them as a French spreadsheet CSV and finds the download link in the dev mailbox', async ({
  page,
  browser,
}) => {
  await markHelpVideoSeen(page);
  await signIn(page, 'demo@comptoir.test', '/export-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Export des données' })).toBeVisible();
  await expect(page.getByLabel("Type d'export")).toHaveValue('sales_lines');

  const preview = page.getByRole('table', { name: 'Aperçu des lignes de ventes' });
  await expect(preview.locator('tbody tr').first()).toBeVisible();
  for (const header of HEADERS) {
    await expect(preview.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/premières lignes sur|\d+ lignes?$/)).toBeVisible();

  // Only takeaway: the preview reloads with that activity type alone.
  await page.getByRole('button', { name: /^Type d'activité/ }).click();
  await page.getByRole('button', { name: 'Seulement À emporter' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Type d'activité/ })).toContainText('À emporter');
  await expect(preview.locator('tbody tr').first()).toBeVisible();

  const recipient = 'lignes-ventes-e2e@groupe-dupont.fr';
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue('demo@comptoir.test');
  await email.fill(recipient);
  await page.getByRole('radio', { name: 'CSV (;)', exact: true }).check();
  await page.getByRole('button', { name: 'Exporter' }).click();
  await expect(
    page.getByText(`Le fichier est prêt : le lien de téléchargement a été envoyé à ${recipient}.`),
  ).toBeVisible({
    timeout: 30_000,
  });

  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await markHelpVideoSeen(staff);
    await signIn(staff, STAFF);
    const headers = { authorization: `Bearer ${await storedAccessToken(staff)}` };
    const { messages } = (await (await staff.request.get('/api/dev/mailbox', { headers })).json()) as {
      messages: { id: string; to: string; subject: string }[];
    };
    const mail = messages.find((message) => message.to === recipient);
    expect(mail, 'the mail of the export').toBeDefined();
    expect(mail!.subject).toMatch(
      /^Export des lignes de ventes du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}$/,
    );
    const { text } = (await (
      await staff.request.get(`/api/dev/mailbox/${mail!.id}`, { headers })
    ).json()) as {
      text: string;
    };
    const link = /https?:\/\/\S+\/api\/dataExport\/files\/[0-9a-f-]+\?\S+/.exec(text)?.[0];
    expect(link, 'the download link of the mail').toBeDefined();
    const url = new URL(link!);

    // The signed link needs no session.
    const file = await staffContext.request.get(`${url.pathname}${url.search}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(
      /filename="lignes-ventes_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const body = await file.text();
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADERS.map((header) => `"${header}"`).join(';'));
    expect(lines.length).toBeGreaterThan(2);
  } finally {
    await staffContext.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the filters, the preview and the export without the page scrolling sideways', async ({
    page,
  }) => {
    await markHelpVideoSeen(page);
    await signIn(page, 'demo@comptoir.test', '/export-data');
    const preview = page.getByRole('table', { name: 'Aperçu des lignes de ventes' });
    await expect(preview.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Établissements/ })).toBeVisible();
    await page.getByRole('button', { name: 'Exporter' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Exporter' })).toBeEnabled();
    // The wide table scrolls in its own box; the page itself fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
