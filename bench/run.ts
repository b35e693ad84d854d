// `npm run bench`: each figure with its budget and the ratio to it. Not a test: it measures.
// `npm run bench -- reports` runs one bench; BENCH_DATABASE_URL adds the PostgreSQL figures (run.sh
// starts a throw-away PostgreSQL for them when the server binaries are installed). Each bench's
// figures also replace its section of bench/RESULTS.md.
import fs from 'node:fs';
import { printLine, writeResults, type BenchContext, type BenchLine } from './bench-line';

interface Bench {
  /** Imported when it runs: a run of one bench loads only that one. */
  run: (context: BenchContext) => Promise<BenchLine[]>;
  /** The engines it measures when its figures do not name them. */
  engines: string[];
}

const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

const only = process.argv[2];
const benches: Record<string, Bench> = {
  ingestion: {
    run: async (context) => (await import('./ingestion.bench')).ingestionBench(context),
    engines: ['PGlite'],
  },
  reports: {
    run: async (context) => (await import('./reports.bench')).reportsBench(context),
    engines: ['PGlite'],
  },
  'signature-check': {
    run: async (context) => (await import('./signature-check.bench')).signatureCheckBench(context),
    engines: ['PGlite'],
  },
  ui: {
    run: async (context) => (await import('./ui.bench')).uiBench(context),
    engines: ['Chromium, the portal served from PGlite'],
  },
  'customer-accounts': {
    run: async () => (await import('./customer-accounts.bench')).customerAccountsBench(),
    engines: ['PGlite'],
  },
  'accounting-export': {
    run: async (context) => (await import('./accounting-export.bench')).accountingExportBench(context),
    engines: ['PGlite'],
  },
};
if (only && !(only in benches)) throw new Error(`No bench "${only}": ${Object.keys(benches).join(', ')}`);
const context: BenchContext = {};
try {
  for (const [name, bench] of Object.entries(benches)) {
    if (only && only !== name) continue;
    const startedAt = new Date();
    const lines = await bench.run(context);
    for (const line of lines) printLine(line);
    // A bench that measured nothing (skipped) leaves its earlier figures in place.
    if (lines.length > 0) {
      const seconds = (Date.now() - startedAt.getTime()) / 1000;
      writeResults(RESULTS_FILE, Object.keys(benches), {
        bench: name,
        startedAt,
        seconds,
        defaultEngines: bench.engines,
        lines,
      });
    }
  }
} finally {
  if (context.demoYearDir) fs.rmSync(context.demoYearDir, { recursive: true, force: true });
}
