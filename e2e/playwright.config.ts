import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS } from './tests/helpers';

// Another port and build let a second run go beside the first (E2E_PORT, WEB_DIST).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Each run starts from an empty database, so the server loads its demo days afresh. Workers load this
// file again with the runner's environment: they reuse the directory instead of making another.
if (!process.env.COMPTOIR_E2E_DATA_DIR) {
  const runDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-'));
  process.env.COMPTOIR_E2E_DATA_DIR = runDataDir;
  // The runner stops the web server before it exits, whether the run passed, failed or never started.
  process.on('exit', () => fs.rmSync(runDataDir, { recursive: true, force: true }));
}
const dataDir = process.env.COMPTOIR_E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One worker: two ran the 106 tests in 7.4 min against 7.6 on the 2-core machine (the server and
  // Chromium already share both cores), and would let specs that write the demo data meet.
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Recording a trace costs a sixth of each test's time (measured on 26 tests: 106 s against 89 s);
    // E2E_TRACE=retain-on-failure records them to look into a failure.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    launchOptions: {
      // Debian's Chromium, or the one CHROMIUM_PATH names.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      // 35 days always hold the end of a month: the fiscal walk opens a monthly closure.
      DEMO_DAYS: '35',
      LOG_LEVEL: 'warn',
      // Signed-in sessions serve many tests without a renewal; the renewal tests move the clock.
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
      // The purchasing partner's health address: ouilink.spec.ts serves it and takes the partner down.
      OUILINK_HEALTH_URL: `http://127.0.0.1:${PORT + 1000}/health`,
    },
  },
});
