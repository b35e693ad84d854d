import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn } from './helpers';

/** The library as the demo shows it (migration 021-documents). */
const SUITE_TITLES = [
  'Guide de démarrage rapide — Comptoir Suite',
  'Vérifier une archive fiscale',
  'Guide de l’export comptable (FEC)',
  'Guide des comptes clients — Comptoir Suite',
];
const STANDARD_TITLES = [
  'Guide de démarrage rapide',
  'Vérifier une archive fiscale',
  'Guide de l’export comptable (FEC)',
  'Guide des comptes clients',
];

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

function library(page: Page) {
  return page.getByRole('list', { name: 'Documents à télécharger' });
}

async function cardTitles(page: Page): Promise<string[]> {
  return library(page).getByRole('heading', { level: 2 }).allInnerTexts();
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a suite user sees the suite library and downloads a guide as a real PDF, by keyboard', async ({
    page,
  }) => {
    await signIn(page, 'demo@comptoir.test', '/documentation');
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    await expect(library(page).getByRole('article')).toHaveCount(SUITE_TITLES.length);
    expect(await cardTitles(page)).toEqual(SUITE_TITLES);
    await expect(page.getByText('list-incident-fisc')).toHaveCount(0);

    const card = page.getByRole('article', { name: 'Vérifier une archive fiscale' });
    await expect(card.getByText('Par Pôle conformité fiscale Comptoir')).toBeVisible();
    await expect(card.getByRole('img')).toHaveCount(0); // the background is decorative (alt="")
    expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );

    const link = card.getByRole('link', { name: 'Télécharger « Vérifier une archive fiscale » (PDF)' });
    await link.focus();
    await expect(link).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('guide-verification-archives-fiscales.pdf');
    const file = (await download.path())!;
    expect((await fs.readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { stdout } = await promisify(execFile)('pdftotext', ['-raw', file, '-']);
    const text = stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Vérifier une archive fiscale');
    expect(text).toContain('sha256sum archive.csv');
  });

  test('a standard user sees the standard library', async ({ page }) => {
    await signIn(page, 'standard@comptoir.test', '/documentation');
    await expect(library(page).getByRole('article')).toHaveCount(STANDARD_TITLES.length);
    expect(await cardTitles(page)).toEqual(STANDARD_TITLES);
  });

  test('the hidden incident list is served as a PDF', async ({ request }) => {
    const res = await request.get('/documentation/liste-incidents-fiscaux-nf525.pdf');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('stacks the cards in one column without a horizontal scroll', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test', '/documentation');
    const cards = library(page).getByRole('article');
    await expect(cards).toHaveCount(SUITE_TITLES.length);
    const boxes = await Promise.all((await cards.all()).map((c) => c.boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.x))).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(cards.last().getByRole('link', { name: /^Télécharger/ })).toBeVisible();
  });
});
