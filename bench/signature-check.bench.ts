import { addCalendarDays, parisDayOf } from '@comptoir/contracts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { demoAccounts } from '@comptoir/pos-sim';
import { encodeStoredRecord } from '@comptoir/fiscal';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import { loadDemo } from '../apps/server/src/demo/load-demo';
import { loadConfig } from '../apps/server/src/platform/config';
import { enqueue } from '../apps/server/src/platform/jobs';
import { loadServerKey, type ServerKey } from '../apps/server/src/platform/server-key';
import {
  runSignatureCheck,
  SIGNATURE_CHECK_QUEUE,
  type CheckProgress,
} from '../apps/server/src/modules/fiscal-check/fiscal-check.engine';
import { VerifyPool, type VerifyItem } from '../apps/server/src/modules/fiscal-check/fiscal-check.pool';
import { remainingSeconds } from '../apps/server/src/modules/fiscal-check/fiscal-check.service';
import { runServerClosures } from '../apps/server/src/modules/server-closures/server-closures.service';
import { loadDemoYear } from './ingestion.bench';
import type { BenchContext, BenchLine } from './bench-line';

const BATCH = 500;
/**
 * The check keeps at least this share of the raw verification rate (issue 18 part 7: the ceiling
 * measured on two cores is accepted, see the fiscal-check module's README); the budget line is the time ratio.
 */
const RATE_SHARE_BUDGET: Record<string, number> = { PGlite: 0.35, PostgreSQL: 0.5 };
/** Three times the brasserie's volume: the time a record takes may grow by at most this (linear). */
const LINEARITY_BUDGET = 1.25;
/** The bench-only brasserie: three times the demo's orders a day. */
const VOLUME = 3;

const suite = demoAccounts()[0]!;
const brasserie = suite.establishments[0]!;

/**
 * The signature check of a full year of the demo brasserie's chains (issue 6): the raw Ed25519
 * verification rate of the worker pool on the same records (two threads, batches of 500, all in
 * flight; measured before and after the check, the mean taken), the check's own rate (signatures,
 * links, heads, seals of the stored rows, closure totals, server closures, JET) and its main
 * thread's busy time, the ratio of the two rates, and how far the time left shown after the first
 * 10 % was from the real end. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
 */
export async function signatureCheckBench(context: BenchContext): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  const givenDir = context.demoYearDir ?? process.env.BENCH_DEMO_DIR;
  const ownDir = givenDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  try {
    const dataDir = givenDir ?? ownDir!;
    if (ownDir) await loadDemoYear(ownDir);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const serverKey = loadServerKey({ dataDir, serverSigningKeyFile: undefined });
    const demo = await measureCheck(database, serverKey, 'PGlite');
    lines.push(...demo.lines);
    await database.close();
    if (process.env.BENCH_SKIP_LARGE !== '1') lines.push(await measureLarger(demo.secondsPerRecord));
  } finally {
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('signature check on PostgreSQL: skipped (set BENCH_DATABASE_URL, see scripts/postgres.sh)');
    return lines;
  }
  const name = `comptoir_check_${crypto.randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-pg-'));
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    const app = await buildApp({
      config: { ...loadConfig({ DATA_DIR: dataDir }), seedDemo: false },
      database,
      logger: false,
    });
    await app.ready();
    const loaded = await loadDemo(app, { days: 365, until: new Date().toISOString() });
    console.log(`demo year loaded into PostgreSQL in ${loaded.seconds.toFixed(1)} s`);
    // What autovacuum does on a server minutes after such a load: the planner's statistics.
    await sql`analyze`.execute(database.db);
    lines.push(...(await measureCheck(database, app.serverKey, 'PostgreSQL')).lines);
    await app.close();
  } finally {
    await database.close();
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

/**
 * The same check over a year of a brasserie three times as busy (generated for the bench only, on
 * a fresh PGlite): the time a record takes against the demo brasserie's shows the check is linear.
 */
async function measureLarger(demoSecondsPerRecord: number): Promise<BenchLine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-large-'));
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const app = await buildApp({
      config: { ...loadConfig({ DATA_DIR: dataDir }), seedDemo: false },
      database,
      logger: false,
    });
    await app.ready();
    const loaded = await loadDemo(app, {
      days: 365,
      until: new Date().toISOString(),
      simulation: { accounts: ['suite'], establishments: [brasserie.key], volume: VOLUME },
    });
    console.log(
      `a brasserie ${VOLUME}x as busy: its year loaded into PGlite in ${loaded.seconds.toFixed(1)} s`,
    );
    const larger = await measureCheck(database, app.serverKey, `PGlite, ${VOLUME}x the brasserie`);
    await app.close();
    await database.close();
    const ratio = larger.secondsPerRecord / demoSecondsPerRecord;
    console.log(
      `time a record takes, ${VOLUME}x the brasserie's volume / the demo's: ${ratio.toFixed(2)} ` +
        `(${(larger.secondsPerRecord * 1e6).toFixed(1)} against ${(demoSecondsPerRecord * 1e6).toFixed(1)} µs)`,
    );
    return {
      name: `signature check, time a record takes at ${VOLUME}x volume / 1x (PGlite)`,
      value: ratio,
      unit: 'x',
      budget: LINEARITY_BUDGET,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** The pool verifying `items` and nothing else: batches of 500, all in flight, threads warmed first. */
async function rawVerify(keys: string[], items: VerifyItem[]): Promise<{ seconds: number; failed: number }> {
  const pool = new VerifyPool(2);
  try {
    await pool.verify(keys, items.slice(0, 50)); // threads started, keys imported
    const started = performance.now();
    const batches: Promise<Uint8Array>[] = [];
    for (let i = 0; i < items.length; i += BATCH) batches.push(pool.verify(keys, items.slice(i, i + BATCH)));
    const verdicts = await Promise.all(batches);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, failed: verdicts.reduce((n, v) => n + v.filter((x) => x === 0).length, 0) };
  } finally {
    await pool.close();
  }
}

async function measureCheck(
  database: DatabaseHandle,
  serverKey: ServerKey,
  engine: string,
): Promise<{ lines: BenchLine[]; secondsPerRecord: number }> {
  const share = RATE_SHARE_BUDGET[engine.split(',')[0]!] ?? RATE_SHARE_BUDGET.PGlite!;
  const db = database.db;
  // The server closes the demo's days as `npm start` does after loading it: they are checked too.
  await runServerClosures(db, serverKey, { reportProgress: async () => {} });
  const endDay = parisDayOf(new Date());
  const startDay = addCalendarDays(endDay, -365);

  // Raw rate: the same records, bytes rebuilt beforehand, verified by the pool and nothing else.
  const rows = await db
    .selectFrom('pos_records as p')
    .innerJoin('registers as r', 'r.id', 'p.register_id')
    .select([
      'p.register_id',
      'p.kind',
      'p.v',
      'p.seq',
      'p.at',
      'p.prev_sig',
      'p.data',
      'p.sig',
      'r.public_key',
    ])
    .where('p.company_id', '=', brasserie.companyId)
    .where('p.business_day', '>=', startDay)
    .where('p.business_day', '<=', endDay)
    .execute();
  const keys: string[] = [];
  const items: VerifyItem[] = rows.map((r) => {
    let k = keys.indexOf(r.public_key);
    if (k < 0) k = keys.push(r.public_key) - 1;
    return [
      k,
      encodeStoredRecord({
        registerId: r.register_id,
        kind: r.kind,
        v: r.v,
        seq: r.seq,
        at: new Date(r.at).toISOString(),
        prev: r.prev_sig,
        dataText: r.data as string,
      }),
      r.sig,
    ];
  });
  // This machine's speed drifts between minutes: the raw rate is measured just before and just
  // after the check, and the ratio is taken against their mean.
  const rawBefore = await rawVerify(keys, items);
  console.log(
    `${engine}: raw Ed25519 verify, 2 workers: ${items.length} signatures in ${rawBefore.seconds.toFixed(2)} s ` +
      `(${Math.round(items.length / rawBefore.seconds)}/s, ${rawBefore.failed} refused)`,
  );

  // A server that has been up for a while has its engine warm (PGlite's WebAssembly compiled by the
  // optimising tier, plans and caches): a check of the last week first, not measured.
  const checkJob = async (from: string) => {
    const job = await enqueue(
      db,
      SIGNATURE_CHECK_QUEUE,
      { accountId: suite.accountId, companyIds: [brasserie.companyId], startDay: from, endDay },
      { accountId: suite.accountId },
    );
    await db.updateTable('jobs').set({ status: 'running' }).where('id', '=', job.id).execute();
    return job;
  };
  await runSignatureCheck({ db, serverKey }, await checkJob(addCalendarDays(endDay, -7)), null);

  // The check itself, as its job runs it, over the brasserie's year up to today.
  const job = await checkJob(startDay);
  const loopBefore = performance.eventLoopUtilization();
  const started = performance.now();
  const estimate: { predictedTotal: number | null } = { predictedTotal: null };
  const result = await runSignatureCheck({ db, serverKey }, job, {
    workerId: 'bench',
    signal: new AbortController().signal,
    async reportProgress(pct: number) {
      if (estimate.predictedTotal !== null || pct < 10) return;
      const row = await db.selectFrom('jobs').select('result').where('id', '=', job.id).executeTakeFirst();
      const progress = (row?.result as { progress?: CheckProgress } | null)?.progress;
      const left = remainingSeconds(progress);
      if (left !== null) estimate.predictedTotal = (performance.now() - started) / 1000 + left;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const mainBusy = performance.eventLoopUtilization(loopBefore).active / 1000;
  const rawAfter = await rawVerify(keys, items);
  const rawSeconds = (rawBefore.seconds + rawAfter.seconds) / 2;
  const rawRate = items.length / rawSeconds;
  console.log(
    `${engine}: raw Ed25519 verify again: ${rawAfter.seconds.toFixed(2)} s; mean ${Math.round(rawRate)}/s`,
  );
  const checkRate = result.checkedRecords / seconds;
  const { predictedTotal } = estimate;
  const estimateError = predictedTotal === null ? 1 : Math.abs(predictedTotal - seconds) / seconds;
  console.log(
    `${engine}: signature check of the brasserie's year: ${result.checkedRecords} records in ` +
      `${seconds.toFixed(2)} s, ${result.defects} defects, ${Math.round(checkRate)} records/s, ` +
      `${((100 * checkRate) / rawRate).toFixed(0)} % of the raw rate; main thread busy ` +
      `${mainBusy.toFixed(2)} s (${Math.round((mainBusy * 1e6) / result.checkedRecords)} µs a record); ` +
      `time left predicted at 10 %: end at ${predictedTotal?.toFixed(2) ?? 'none'} s`,
  );
  return {
    secondsPerRecord: seconds / result.checkedRecords,
    lines: [
      {
        name: `signature check / raw verify time (at least ${share * 100} % of the raw rate), ${engine}`,
        value: rawRate / checkRate,
        unit: 'x',
        budget: Math.round((1 / share) * 100) / 100,
      },
      { name: `time-left error after 10 %, ${engine}`, value: estimateError * 100, unit: '%', budget: 20 },
    ],
  };
}
