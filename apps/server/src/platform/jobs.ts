import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobRow, JobStatus } from '../db/schema/jobs';
import {
  JOB_HEARTBEAT_MS,
  JOB_LEASE_MS,
  leaseEnd,
  markWorkerLive,
  markWorkerStopped,
  releaseJob,
  releaseJobsOfGoneWorkers,
  renewLeases,
} from './job-leases';

/**
 * A jobs queue in PostgreSQL: rows of `jobs`, claimed with FOR UPDATE SKIP LOCKED so several
 * workers (in-process or `npm run worker`) share them without taking the same job twice.
 */

export type { JobRow, JobStatus };
export { renewLeases, shownJobStatus } from './job-leases';

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
  /** The lease the claimed job starts with (default `JOB_LEASE_MS`). */
  leaseMs?: number;
}

/**
 * Takes the next due job of one of `queues` for `workerId`, or null. Also takes over jobs whose
 * worker's lease expired (a worker that died or lost the database), and fails those that have no
 * attempt left.
 */
export async function claimNext(
  db: Db,
  queues: readonly string[],
  workerId: string,
  options: ClaimOptions = {},
): Promise<JobRow | null> {
  if (queues.length === 0) return null;

  await db
    .updateTable('jobs')
    .set({
      status: 'failed',
      error: 'worker lost: its lease expired on the last attempt',
      finished_at: sql`now()`,
      locked_at: null,
      locked_by: null,
      lease_expires_at: null,
    })
    .where('status', '=', 'running')
    .where('queue', 'in', queues)
    .where('lease_expires_at', '<', sql<Date>`now()`)
    .whereRef('attempts', '>=', 'max_attempts')
    .execute();

  const job = await db
    .updateTable('jobs')
    .set({
      status: 'running',
      attempts: sql`attempts + 1`,
      locked_at: sql`now()`,
      locked_by: workerId,
      lease_expires_at: leaseEnd(options.leaseMs ?? JOB_LEASE_MS),
      interrupted_at: null,
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('queue', 'in', queues)
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('run_at', '<=', sql<Date>`now()`)]),
            w.and([w('status', '=', 'running'), w('lease_expires_at', '<', sql<Date>`now()`)]),
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

/** Records progress (0 to 100) of a running job. */
export async function reportProgress(db: Db, id: number, pct: number, workerId?: string): Promise<void> {
  const progress = Math.max(0, Math.min(100, Math.round(pct)));
  await db
    .updateTable('jobs')
    .set({ progress })
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
      lease_expires_at: null,
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
      lease_expires_at: null,
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
  /** Records progress 0..100, visible to whoever polls the job. */
  reportProgress(pct: number): Promise<void>;
  /**
   * Aborted when the worker stops or loses the job's lease: a long handler should throw soon after
   * (the job is handed back and resumed), or return if its work is complete.
   */
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
  /** The lease of a job it runs (default `JOB_LEASE_MS`), renewed every `heartbeatMs`. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** How long `stop()` waits for the job in progress before handing it back (default 10 s). */
  stopGraceMs?: number;
  /** Whether the database is this process's alone (PGlite): see `isWorkerGone`. Default false. */
  isSoleProcess?: boolean;
  /** Called with errors of the worker itself (database unavailable...); handler errors fail the job. */
  onError?: (error: unknown) => void;
}

export interface Worker {
  readonly workerId: string;
  /** Polls now rather than at the end of the current wait (e.g. right after an enqueue). */
  wake(): void;
  /**
   * Stops taking jobs and hands the job in progress back to the queue: resolves once its handler
   * has ended (done if it returned, queued again if it threw) or after `stopGraceMs`.
   */
  stop(): Promise<void>;
}

const DEFAULT_STOP_GRACE_MS = 10_000;

/**
 * Runs jobs one at a time until stopped: first hands back the jobs of workers gone (a restart
 * resumes them), then claims, renews its lease every `heartbeatMs` while a handler runs.
 */
export function startWorker(options: WorkerOptions): Worker {
  const { db, handlers } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? JOB_HEARTBEAT_MS;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const queues = Object.keys(handlers);
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;
  markWorkerLive(workerId);

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
    const jobAbort = new AbortController();
    const onStop = () => jobAbort.abort();
    stopping.signal.addEventListener('abort', onStop);
    const heartbeat = setInterval(() => {
      renewLeases(db, workerId, leaseMs).then(
        (held) => {
          if (!held.includes(job.id)) jobAbort.abort();
        },
        (err: unknown) => options.onError?.(err),
      );
    }, heartbeatMs);
    const ctx: JobContext = {
      workerId,
      reportProgress: (pct) => reportProgress(db, job.id, pct, workerId),
      signal: jobAbort.signal,
    };
    try {
      const result = await handler(job, ctx);
      await complete(db, job.id, result, workerId);
    } catch (error) {
      if (stopping.signal.aborted) await releaseJob(db, job.id, workerId);
      else {
        await fail(db, job.id, error, {
          workerId,
          ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
        });
      }
    } finally {
      clearInterval(heartbeat);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  let current: { job: JobRow; run: Promise<void> } | null = null;

  async function loop(): Promise<void> {
    try {
      await releaseJobsOfGoneWorkers(db, queues, { isSoleProcess: options.isSoleProcess ?? false });
    } catch (error) {
      options.onError?.(error);
    }
    while (!stopping.signal.aborted) {
      let job: JobRow | null = null;
      try {
        job = await claimNext(db, queues, workerId, { leaseMs });
        if (job) {
          current = { job, run: runOne(job) };
          await current.run;
          current = null;
        }
      } catch (error) {
        current = null;
        options.onError?.(error);
      }
      if (!job && !stopping.signal.aborted) await sleep(pollMs);
    }
  }

  const running = loop();
  return {
    workerId,
    wake: () => wakeUp?.(),
    async stop() {
      stopping.abort();
      wakeUp?.();
      const inProgress = current;
      if (inProgress) {
        let timer: NodeJS.Timeout | undefined;
        const isLate = await Promise.race([
          inProgress.run.then(() => false),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(true), options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
          }),
        ]);
        clearTimeout(timer);
        // A handler deaf to the signal: its job goes back now; its late end finds it taken.
        if (isLate) await releaseJob(db, inProgress.job.id, workerId).catch(options.onError);
        else await running;
      } else {
        await running;
      }
      markWorkerStopped(workerId);
    },
  };
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}
