import { addCalendarDays, parisToday } from '@comptoir/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './chromium';
import { demoAccounts } from '@comptoir/pos-sim';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-users';
import { loadConfig } from '../apps/server/src/platform/config';
import { loadDemoYear } from './ingestion.bench';
import type { BenchContext, BenchLine } from './bench-line';

/** The page's storages, as the init script sees them (the bench is typed without the DOM library). */
interface Storage {
  setItem(key: string, value: string): void;
}

const RUNS = 7;
const FIRST_FIGURES_BUDGET_MS = 1000;

/**
 * The sales-analysis page in Debian's Chromium, on the demo year: from navigation to the first key
 * figure on screen, twelve months, the three establishments of the suite account. The first
 * navigation of a fresh browser (nothing cached) and the median of the next ones. Needs the built
 * portal (`npm run build -w @comptoir/web`, done by `npm run bench`).
 */
export async function uiBench(context: BenchContext): Promise<BenchLine[]> {
  const givenDir = context.demoYearDir ?? process.env.BENCH_DEMO_DIR;
  const ownDir = givenDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  const config = { ...loadConfig({ DATA_DIR: givenDir ?? ownDir! }), seedDemo: false };
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    console.log(
      'sales-analysis in Chromium: skipped (the portal is not built: npm run build -w @comptoir/web)',
    );
    return [];
  }
  try {
    if (ownDir) await loadDemoYear(ownDir);
    const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'db') });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ baseURL: base, viewport: { width: 1440, height: 900 } });
      const end = parisToday();
      const companyIds = demoAccounts()
        .find((a) => a.key === 'suite')!
        .establishments.map((e) => e.companyId);
      await page.addInitScript(
        ({ begin, end, companies }) => {
          // Runs in the page: its storages, typed here without the DOM library.
          const page = globalThis as unknown as Record<'localStorage' | 'sessionStorage', Storage>;
          page.localStorage.setItem('helpVideoSeen', 'tour-2026-1');
          page.sessionStorage.setItem('id-company', companies);
          page.sessionStorage.setItem('date-begin', begin);
          page.sessionStorage.setItem('date-end', end);
        },
        { begin: addCalendarDays(end, -365), end, companies: companyIds.join(',') },
      );
      await page.goto('/auth/login?scope=bo-client&redirect=%2F');
      await page.getByLabel('Adresse e-mail').fill('demo@comptoir.test');
      await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(`${base}/`);

      const firstFigures = async () => {
        await page.goto('about:blank');
        const started = performance.now();
        await page.goto('/v2/sales-analysis');
        await page.locator('.kpi-value').first().waitFor({ state: 'visible' });
        return performance.now() - started;
      };
      const cold = await firstFigures();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await firstFigures());
      times.sort((a, b) => a - b);
      const shown = await page.locator('.kpi-value').first().textContent();
      console.log(`sales-analysis in Chromium, 12 months, 3 establishments: first figure « ${shown} »`);
      return [
        {
          name: 'sales-analysis first figures, first visit',
          value: cold,
          unit: 'ms',
          budget: FIRST_FIGURES_BUDGET_MS,
        },
        {
          name: `sales-analysis first figures, median of ${RUNS}`,
          value: times[Math.floor(times.length / 2)]!,
          unit: 'ms',
          budget: FIRST_FIGURES_BUDGET_MS,
        },
      ];
    } finally {
      await browser.close();
      await app.close();
      await database.close();
    }
  } finally {
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
  }
}
