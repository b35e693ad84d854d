import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts } from '@comptoir/pos-sim';
import { encodeStoredRecord } from '@comptoir/fiscal';
import { openDatabase } from '../apps/server/src/db/database';
import { addDays, parisDay } from '../apps/server/src/platform/dates';
import { enqueue } from '../apps/server/src/platform/jobs';
import { loadServerKey } from '../apps/server/src/platform/server-key';
import {
  runSignatureCheck,
  SIGNATURE_CHECK_QUEUE,
  type CheckProgress,
} from '../apps/server/src/modules/fiscal-check/fiscal-check.engine';
import { VerifyPool, type VerifyItem } from '../apps/server/src/modules/fiscal-check/fiscal-check.pool';
import { remainingSeconds } from '../apps/server/src/modules/fiscal-check/fiscal-check.service';
import { loadDemoYear } from './ingestion.bench';
import type { BenchContext, BenchLine } from './run';

const BATCH = 500;

/**
 * The signature check over the demo year of the suite account (three establishments): the raw
 * Ed25519 verification rate of the worker pool (two threads, batches of 500, all in flight), the
 * check's own rate (signatures, links, heads, stored rows re-mapped and compared, closure totals,
 * JET), the ratio of the two (budget: the check keeps at least 70 % of the raw rate), and how far the
 * « time left » shown after the first 10 % was from the real end (budget 20 %).
 */
export async function signatureCheckBench(context: BenchContext): Promise<BenchLine[]> {
  const givenDir = context.demoYearDir ?? process.env.BENCH_DEMO_DIR;
  const ownDir = givenDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  try {
    const dataDir = givenDir ?? ownDir!;
    if (ownDir) await loadDemoYear(ownDir);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const db = database.db;
    const serverKey = loadServerKey({ dataDir, serverSigningKeyFile: undefined });
    const suite = demoAccounts()[0]!;
    const companyIds = suite.establishments.map((e) => e.companyId);

    // Raw rate: the same rows, bytes rebuilt beforehand, verified by the pool and nothing else.
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
      .where('p.account_id', '=', suite.accountId)
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
    const pool = new VerifyPool(2);
    await pool.verify(keys, items.slice(0, 50)); // threads started, keys imported
    const rawStart = performance.now();
    const batches: Promise<Uint8Array>[] = [];
    for (let i = 0; i < items.length; i += BATCH) batches.push(pool.verify(keys, items.slice(i, i + BATCH)));
    const verdicts = await Promise.all(batches);
    const rawSeconds = (performance.now() - rawStart) / 1000;
    await pool.close();
    const failed = verdicts.reduce((n, v) => n + v.filter((x) => x === 0).length, 0);
    const rawRate = items.length / rawSeconds;
    console.log(
      `raw Ed25519 verify, 2 workers: ${items.length} signatures in ${rawSeconds.toFixed(2)} s (${failed} refused)`,
    );

    // The check itself, as its job runs it, over the year up to today.
    const endDay = parisDay(new Date());
    const startDay = addDays(endDay, -365);
    const job = await enqueue(
      db,
      SIGNATURE_CHECK_QUEUE,
      { accountId: suite.accountId, companyIds, startDay, endDay },
      { accountId: suite.accountId },
    );
    await db.updateTable('jobs').set({ status: 'running' }).where('id', '=', job.id).execute();
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
    await database.close();
    const checkRate = result.checkedRecords / seconds;
    const ratio = checkRate / rawRate;
    const { predictedTotal } = estimate;
    const estimateError = predictedTotal === null ? 1 : Math.abs(predictedTotal - seconds) / seconds;
    console.log(
      `signature check of the demo year: ${result.checkedRecords} records in ${seconds.toFixed(2)} s, ` +
        `${result.defects} defects, ${Math.round(checkRate)} records/s against ${Math.round(rawRate)} raw ` +
        `(ratio ${ratio.toFixed(2)}); estimate after 10 %: ${predictedTotal?.toFixed(2) ?? 'none'} s`,
    );
    return [
      // At least 70 % of the raw rate: the check may take at most 1/0.7 = 1.43 times the raw time.
      {
        name: 'signature check time / raw verify time (year)',
        value: rawRate / checkRate,
        unit: 'x',
        budget: 1.43,
      },
      { name: 'time-left estimate error after 10 %', value: estimateError * 100, unit: '%', budget: 20 },
    ];
  } finally {
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
  }
}
