import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { loadDemo } from '../apps/server/src/demo/load-demo';
import { loadConfig } from '../apps/server/src/platform/config';
import type { BenchLine } from './run';

/** The demo year through the ingestion API on a fresh persisted PGlite: the first-start cost. */
export async function ingestionBench(): Promise<BenchLine[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const config = { ...loadConfig({ DATA_DIR: dataDir }), seedDemo: false };
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const result = await loadDemo(app, { days: 365, until: new Date().toISOString() });
    const orders = result.stats.reduce((n, s) => n + s.orders, 0);
    const records = result.stats.reduce((n, s) => n + s.records, 0);
    await app.close();
    await database.close();
    console.log(
      `demo year: ${records} signed records, ${orders} orders, ${Math.round(records / result.seconds)} records/s`,
    );
    return [
      { name: 'demo year load through /pos/v1 (PGlite)', value: result.seconds, unit: 's', budget: 60 },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
