import { addCalendarDays, parisToday } from '@comptoir/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { demoAccounts } from '@comptoir/pos-sim';
import type { Db } from '../apps/server/src/db/database';
import { openDatabase } from '../apps/server/src/db/database';
import { createLocalFileStorage, type FileStorage } from '../apps/server/src/platform/files';
import * as repo from '../apps/server/src/modules/accounting-export/accounting-export.repository';
import { accountingCache } from '../apps/server/src/modules/accounting-export/accounting-kept.store';
import { streamAccountingFile } from '../apps/server/src/modules/accounting-export/accounting-export.file';
import { configureTestAccounting } from '../apps/server/src/modules/accounting-export/accounting-export.test-fixtures';
import { AccountResolver, collectMissing } from '../apps/server/src/modules/accounting-export/fec-entries';
import { loadDemoYear } from './ingestion.bench';
import type { BenchContext, BenchLine } from './bench-line';

/** FEC export budgets (issue 17): within 2x streaming the same bytes to disk; a year's peak memory within 1.2x a month's. */
const TIME_RATIO_BUDGET = 2;
const MEMORY_RATIO_BUDGET = 1.2;

/**
 * The FEC of a year for the demo's suite group, its three establishments one file each (as the
 * export job writes them: built a business day at a time, handed to a stream in 256 kB pieces), on
 * the demo year in PGlite with its file storage. Time to produce the three files against the time to
 * stream the same bytes to disk in pieces of a day's size, and the live JS heap's high-water mark
 * (collected every 20 ms) while producing a year against a month.
 */
export async function accountingExportBench(context: BenchContext): Promise<BenchLine[]> {
  const givenDir = context.demoYearDir ?? process.env.BENCH_DEMO_DIR;
  const ownDir = givenDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-fec-'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-fec-out-'));
  try {
    if (ownDir) {
      const loaded = await loadDemoYear(ownDir);
      console.log(`demo year for the FEC bench loaded in ${loaded.seconds.toFixed(1)} s`);
    }
    const opening = performance.now();
    const database = await openDatabase({ pgliteDir: path.join(givenDir ?? ownDir!, 'db') });
    // On a demo year loaded before the accounting rollups, migration 017 fills them here.
    const opened = (performance.now() - opening) / 1000;
    console.log(`demo year opened, pending migrations applied, in ${opened.toFixed(1)} s`);
    try {
      // Kept months go to the storage beside the demo's database, as the server's do.
      const files = createLocalFileStorage(path.join(givenDir ?? ownDir!, 'files'));
      return await measure(database.db, files, outDir);
    } finally {
      await database.close();
    }
  } finally {
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

async function measure(db: Db, files: FileStorage, outDir: string): Promise<BenchLine[]> {
  const suite = demoAccounts().find((a) => a.edition === 'suite')!;
  const companies: {
    company: repo.CompanyIdentity;
    setup: Awaited<ReturnType<typeof repo.loadAccountingSetup>>;
  }[] = [];
  for (const e of suite.establishments) {
    const company = (await repo.findCompany(db, e.companyId))!;
    let setup = await repo.loadAccountingSetup(db, company.id);
    if (setup.accounts.length === 0) {
      // The demo's own chart (task B) when it is there; else the test fixture's.
      await configureTestAccounting(db, { accountId: suite.accountId, companyId: company.id });
      setup = await repo.loadAccountingSetup(db, company.id);
    }
    companies.push({ company, setup });
  }
  const endDay = parisToday();
  const year = { startDay: addCalendarDays(endDay, -364), endDay };
  const month = { startDay: addCalendarDays(endDay, -29), endDay };
  for (const { company, setup } of companies) {
    const missing = {
      vat: new Map<string, string>(),
      sales: new Map<string, string>(),
      payments: new Map<string, string>(),
    };
    collectMissing(
      new AccountResolver(setup),
      await repo.loadSpan(db, company.id, year.startDay, year.endDay),
      missing,
    );
    const items = [...missing.vat.values(), ...missing.sales.values(), ...missing.payments.values()];
    if (items.length > 0) {
      console.log(
        `  ${company.name}: without an account (empty CompteNum in the bench's file): ${items.join(', ')}`,
      );
    }
  }

  const produce = async (period: { startDay: string; endDay: string }, tag: string) => {
    let bytes = 0;
    let lines = 0;
    const outFiles: string[] = [];
    const started = performance.now();
    for (const { company, setup } of companies) {
      const file = path.join(outDir, `${tag}-${company.id}.txt`);
      const out = fs.createWriteStream(file);
      const written = await streamAccountingFile(
        {
          db,
          files,
          company,
          period,
          setup,
          context: { companyName: company.name, mode: 2, exportDay: endDay.replaceAll('-', '') },
          format: 'fec',
          next: 1,
        },
        async (chunk) => {
          bytes += Buffer.byteLength(chunk);
          if (!out.write(chunk)) await once(out, 'drain');
        },
      );
      out.end();
      await once(out, 'finish');
      lines += written.lines;
      outFiles.push(file);
    }
    return { ms: performance.now() - started, bytes, lines, files: outFiles };
  };

  const gc = collector();
  // No day kept yet: every file is computed from the rollups (and its days and months kept on the way).
  const forget = () => accountingCache(db, files).forget();
  // Warm-up (query plans, JIT); the year computed, then written again from its kept months (what an
  // export after the period's preview or an earlier export does); then the live heap of a month and
  // a year, computed.
  await forget();
  await produce(month, 'warm');
  await forget();
  const computed = await produce(year, 'year-computed');
  // The same bytes streamed to disk in chunks of a day's size, through the same kind of stream.
  const chunks = computed.files.map((file) => fs.readFileSync(file));
  const chunkSize = Math.max(1, Math.ceil(computed.bytes / (365 * companies.length)));
  const streamToDisk = async (run: number | string, pieceSize = chunkSize) => {
    const started = performance.now();
    for (const [i, content] of chunks.entries()) {
      const out = fs.createWriteStream(path.join(outDir, `copy-${run}-${i}.txt`));
      for (let at = 0; at < content.length; at += pieceSize) {
        if (!out.write(content.subarray(at, at + pieceSize))) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');
    }
    return performance.now() - started;
  };
  // Two rounds to settle (the computed year leaves the disk flushing its kept files), then nine writes
  // from the kept days, each followed by the same bytes streamed to disk (the machine's noise falls
  // on both); the medians are compared.
  for (let run = 0; run < 2; run++) {
    await produce(year, `settle-${run}`);
    await streamToDisk(-1 - run);
  }
  const runs = [];
  const diskRuns = [];
  const bigPieceRuns = [];
  for (let run = 0; run < 9; run++) {
    runs.push(await produce(year, `year-${run}`));
    diskRuns.push(await streamToDisk(run));
    // For the record: the same bytes in the export's own piece size (256 kB).
    bigPieceRuns.push(await streamToDisk(`big-${run}`, 256 * 1024));
  }
  const median = <T>(values: T[], by: (value: T) => number) =>
    values.sort((x, y) => by(x) - by(y))[Math.floor(values.length / 2)]!;
  const produced = median(runs, (r) => r.ms);
  const diskMs = median(diskRuns, (d) => d);
  const bigPieceMs = median(bigPieceRuns, (d) => d);
  for (const [i, file] of computed.files.entries()) {
    if (Buffer.compare(fs.readFileSync(file), fs.readFileSync(produced.files[i]!)) !== 0) {
      throw new Error('the FEC written from the kept months differs from the computed one');
    }
  }
  await forget();
  const monthPeak = await peakHeap(gc, () => produce(month, 'month'));
  await forget();
  const yearPeak = await peakHeap(gc, () => produce(year, 'year-watched'));

  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `FEC of a year, suite group (3 establishments, 3 files): ${produced.lines} lines, ${mb(produced.bytes)} MB in ${produced.ms.toFixed(1)} ms from the kept months, ${(computed.ms / 1000).toFixed(2)} s computed from the rollups (ratio ${(computed.ms / diskMs).toFixed(1)}); the same bytes streamed to disk in ${diskMs.toFixed(1)} ms in pieces of a day's size (${bigPieceMs.toFixed(1)} ms in 256 kB pieces)`,
  );
  console.log(
    `  live heap high-water: month ${mb(monthPeak.peak)} MB (+${mb(monthPeak.rise)}), year ${mb(yearPeak.peak)} MB (+${mb(yearPeak.rise)}); RSS rise month ${mb(monthPeak.rss)} MB, year ${mb(yearPeak.rss)} MB`,
  );
  return [
    {
      name: 'FEC of a year (3 est., months kept) / same bytes to disk (PGlite)',
      value: produced.ms / diskMs,
      unit: 'x',
      budget: TIME_RATIO_BUDGET,
    },
    {
      name: 'FEC peak heap, a year / a month (PGlite)',
      value: yearPeak.peak / monthPeak.peak,
      unit: 'x',
      budget: MEMORY_RATIO_BUDGET,
    },
  ];
}

/** `global.gc`, exposed at run time (the bench runs without --expose-gc). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Runs `work` collecting the garbage and reading the heap every 20 ms: the high-water mark of the
 * live JS heap (the process's, absolute), and how far it and the RSS rose above their level just before.
 */
async function peakHeap<T>(
  gc: () => void,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number; rise: number; rss: number }> {
  gc();
  const baseHeap = process.memoryUsage().heapUsed;
  const baseRss = process.memoryUsage().rss;
  let peak = baseHeap;
  let rss = 0;
  const sample = () => {
    gc();
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.heapUsed);
    rss = Math.max(rss, usage.rss - baseRss);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    return { result, peak, rise: peak - baseHeap, rss };
  } finally {
    clearInterval(timer);
  }
}
