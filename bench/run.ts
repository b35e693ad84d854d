// `npm run bench`: each figure with its budget and the ratio to it. Not a test: it measures.
// `npm run bench -- reports` runs one bench; BENCH_DATABASE_URL adds the PostgreSQL figures (run.sh
// starts a throw-away PostgreSQL for them when the server binaries are installed).
import fs from 'node:fs';
import { printLine, type BenchContext, type BenchLine } from './bench-line';
import { accountingExportBench } from './accounting-export.bench';
import { customerAccountsBench } from './customer-accounts.bench';
import { ingestionBench } from './ingestion.bench';
import { reportsBench } from './reports.bench';
import { signatureCheckBench } from './signature-check.bench';
import { uiBench } from './ui.bench';

const only = process.argv[2];
const benches: Record<string, (context: BenchContext) => Promise<BenchLine[]>> = {
  ingestion: ingestionBench,
  reports: reportsBench,
  'signature-check': signatureCheckBench,
  ui: uiBench,
  'customer-accounts': customerAccountsBench,
  'accounting-export': accountingExportBench,
};
const context: BenchContext = {};
try {
  for (const [name, run] of Object.entries(benches)) {
    if (only && only !== name) continue;
    for (const line of await run(context)) printLine(line);
  }
} finally {
  if (context.demoYearDir) fs.rmSync(context.demoYearDir, { recursive: true, force: true });
}
