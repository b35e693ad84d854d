import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobRow, JobStatus } from '../db/schema/jobs';

/**
 * A jobs queue in PostgreSQL: rows of `jobs`, claimed with FOR UPDATE SKIP LOCKED so several
 * workers (in-process or `npm run worker`) share them without taking the same job twice.
 */

export type { JobRow, JobStatus };

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Runs including the first (default 3). */
  maxAttempts?: number;
  /** The account the job works for, so its progress can be shown to that account only. */
  accountId?: string | null;
}

/** Adds a job; pass a transaction to enqueue atomically with the change that asks for it. */
export async function enqueue(
  db: Db,
  queue: string,
  payload: unknown,
  options: EnqueueOptions | Date = {},
): Promise<JobRow> {
  const { runAt, maxAttempts, accountId } = options instanceof Date ? { runAt: options } : options;
  return db
    .insertInto('jobs')
    .values({
      queue,
      payload: JSON.stringify(payload ?? null),
      account_id: accountId ?? null,
      ...(runAt ? { run_at: runAt } : {}),
      ...(maxAttempts ? { max_attempts: maxAttempts } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ClaimOptions {
  /** A running job whose lock is older than this is taken as abandoned by a dead worker. */
  staleAfterMs?: number;
}

const DEFAULT_STALE_AFTER_MS = 10 * 60_000;

/**
 * Takes the next due job of one of `queues` for `workerId`, or null. Also takes back jobs left
 * running by a worker that died (no progress report for `staleAfterMs`), and fails those that
 * have no attempt left.
 */
export async function claimNext(
  db: Db,
  queues: readonly string[],
  workerId: string,
  options: ClaimOptions = {},
): Promise<JobRow | null> {
  if (queues.length === 0) return null;
  const staleBefore = sql<Date>`now() - ${options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS} * interval '1 millisecond'`;

  await db
    .updateTable('jobs')
    .set({
      status: 'failed',
      error: 'worker lost: no progress before the lock expired',
      finished_at: sql`now()`,
      locked_at: null,
      locked_by: null,
    })
    .where('status', '=', 'running')
    .where('queue', 'in', queues)
    .where('locked_at', '<', staleBefore)
    .whereRef('attempts', '>=', 'max_attempts')
    .execute();

  const job = await db
    .updateTable('jobs')
    .set({
      status: 'running',
      attempts: sql`attempts + 1`,
      locked_at: sql`now()`,
      locked_by: workerId,
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('queue', 'in', queues)
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('run_at', '<=', sql<Date>`now()`)]),
            w.and([w('status', '=', 'running'), w('locked_at', '<', staleBefore)]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
  return job ?? null;
}

/** Records progress (0 to 100) of a running job; also renews its lock. */
export async function reportProgress(db: Db, id: number, pct: number, workerId?: string): Promise<void> {
  const progress = Math.max(0, Math.min(100, Math.round(pct)));
  await db
    .updateTable('jobs')
    .set({ progress, locked_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .$if(workerId !== undefined, (q) => q.where('locked_by', '=', workerId!))
    .execute();
}

/**
 * Marks a running job done with its result. With `workerId`, only if that worker still holds it
 * (a job taken back after its lock expired belongs to its new worker); returns whether it did.
 */
export async function complete(db: Db, id: number, result: unknown, workerId?: string): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('jobs')
    .set({
      status: 'done',
      progress: 100,
      result: JSON.stringify(result ?? null),
      error: null,
      finished_at: sql`now()`,
      locked_at: null,
      locked_by: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .$if(workerId !== undefined, (q) => q.where('locked_by', '=', workerId!))
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Delay before the next run after `attempts` runs: 1 s, 2 s, 4 s... capped at 10 minutes. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

export interface FailOptions {
  workerId?: string;
  backoffMs?: (attempts: number) => number;
}

/**
 * Records a failed run: the job is queued again after a backoff while it has attempts left,
 * otherwise it is failed for good. Returns the job's new status, or null if it was not running.
 */
export async function fail(
  db: Db,
  id: number,
  error: unknown,
  options: FailOptions = {},
): Promise<JobStatus | null> {
  const message = errorMessage(error);
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const job = await db
    .selectFrom('jobs')
    .select(['attempts', 'max_attempts'])
    .where('id', '=', id)
    .where('status', '=', 'running')
    .$if(options.workerId !== undefined, (q) => q.where('locked_by', '=', options.workerId!))
    .executeTakeFirst();
  if (!job) return null;
  const isFinal = job.attempts >= job.max_attempts;
  const { numUpdatedRows } = await db
    .updateTable('jobs')
    .set({
      status: isFinal ? 'failed' : 'queued',
      error: message,
      locked_at: null,
      locked_by: null,
      ...(isFinal
        ? { finished_at: sql`now()` }
        : { run_at: sql`now() + ${backoffMs(job.attempts)} * interval '1 millisecond'` }),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    // Unchanged since read: not taken back by another worker in between.
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  if (numUpdatedRows === 0n) return null;
  return isFinal ? 'failed' : 'queued';
}

export interface JobContext {
  workerId: string;
  /** Records progress 0..100, visible to whoever polls the job; keeps the lock alive. */
  reportProgress(pct: number): Promise<void>;
  /** Aborted when the worker stops: a long handler should return or throw soon after. */
  signal: AbortSignal;
}

export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<unknown>;

export interface WorkerOptions {
  db: Db;
  /** One handler per queue; the worker takes jobs of these queues only. */
  handlers: Record<string, JobHandler>;
  /** Wait between polls when no job is due (default 1000 ms). */
  pollMs?: number;
  workerId?: string;
  backoffMs?: (attempts: number) => number;
  staleAfterMs?: number;
  /** Called with errors of the worker itself (database unavailable...); handler errors fail the job. */
  onError?: (error: unknown) => void;
}

export interface Worker {
  readonly workerId: string;
  /** Polls now rather than at the end of the current wait (e.g. right after an enqueue). */
  wake(): void;
  /** Stops taking jobs and resolves once the job in progress, if any, has ended. */
  stop(): Promise<void>;
}

/** Runs jobs one at a time until stopped. */
export function startWorker(options: WorkerOptions): Worker {
  const { db, handlers } = options;
  const pollMs = options.pollMs ?? 1000;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const queues = Object.keys(handlers);
  const abort = new AbortController();
  let wakeUp: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers[job.queue]!;
    const ctx: JobContext = {
      workerId,
      reportProgress: (pct) => reportProgress(db, job.id, pct, workerId),
      signal: abort.signal,
    };
    let result: unknown;
    try {
      result = await handler(job, ctx);
    } catch (error) {
      await fail(db, job.id, error, {
        workerId,
        ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
      });
      return;
    }
    await complete(db, job.id, result, workerId);
  }

  async function loop(): Promise<void> {
    while (!abort.signal.aborted) {
      let job: JobRow | null = null;
      try {
        job = await claimNext(db, queues, workerId, {
          ...(options.staleAfterMs !== undefined ? { staleAfterMs: options.staleAfterMs } : {}),
        });
        if (job) await runOne(job);
      } catch (error) {
        options.onError?.(error);
      }
      if (!job && !abort.signal.aborted) await sleep(pollMs);
    }
  }

  const running = loop();
  return {
    workerId,
    wake: () => wakeUp?.(),
    async stop() {
      abort.abort();
      wakeUp?.();
      await running;
    },
  };
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}
