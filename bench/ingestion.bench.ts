import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { loadDemo, type DemoLoadResult } from '../apps/server/src/demo/load-demo';
import { loadConfig } from '../apps/server/src/platform/config';
import type { BenchContext, BenchLine } from './bench-line';

/** Loads the demo year, ending now, through the ingestion API into a fresh persisted PGlite in `dataDir`. */
export async function loadDemoYear(dataDir: string): Promise<DemoLoadResult> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const config = { ...loadConfig({ DATA_DIR: dataDir }), seedDemo: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const result = await loadDemo(app, { days: 365, until: new Date().toISOString() });
  await app.close();
  await database.close();
  return result;
}

/**
 * The demo year through the ingestion API on a fresh persisted PGlite: the first-start cost. The
 * data directory is handed on to the next benches (reports) rather than loaded again.
 */
export async function ingestionBench(context: BenchContext): Promise<BenchLine[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  try {
    const result = await loadDemoYear(dataDir);
    const orders = result.stats.reduce((n, s) => n + s.orders, 0);
    const records = result.stats.reduce((n, s) => n + s.records, 0);
    console.log(
      `demo year: ${records} signed records, ${orders} orders, ${Math.round(records / result.seconds)} records/s`,
    );
    context.demoYearDir = dataDir;
    return [
      { name: 'demo year load through /pos/v1 (PGlite)', value: result.seconds, unit: 's', budget: 60 },
    ];
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
