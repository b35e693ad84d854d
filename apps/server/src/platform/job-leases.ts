import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobRow, JobStatus } from '../db/schema/jobs';

/**
 * Leases of running jobs (issue 33, part 3): a worker holds each job it runs for `JOB_LEASE_MS`,
 * renewed every `JOB_HEARTBEAT_MS`; past its lease any worker takes it over; at start-up the jobs
 * of workers that no longer exist are handed back at once; a job handed back shows `interrupted`.
 */

/** How long a running job stays its worker's without a word from it (issue 33, part 3). */
export const JOB_LEASE_MS = 30_000;
/** How often a worker renews the leases of the jobs it runs: several times within one lease. */
export const JOB_HEARTBEAT_MS = 5_000;

export const leaseEnd = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/** Renews the lease of every job `workerId` runs; returns the ids it still holds. */
export async function renewLeases(db: Db, workerId: string, leaseMs = JOB_LEASE_MS): Promise<number[]> {
  const rows = await db
    .updateTable('jobs')
    .set({ lease_expires_at: leaseEnd(leaseMs) })
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Hands a running job back to the queue at once (its worker stops, or was found gone): the lease
 * is released and the job marked interrupted until a worker takes it. A clean hand-back
 * (`countsAsAttempt` false) gives the run back; a lost worker's run counts, so a job that kills its
 * process every time still ends.
 */
export async function releaseJob(
  db: Db,
  id: number,
  workerId: string,
  options: { countsAsAttempt?: boolean } = {},
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('jobs')
    .set({
      status: 'queued',
      run_at: sql`now()`,
      locked_at: null,
      locked_by: null,
      lease_expires_at: null,
      interrupted_at: sql`now()`,
      ...(options.countsAsAttempt ? {} : { attempts: sql`greatest(attempts - 1, 0)` }),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** What tells a worker gone from one still alive elsewhere: see `isWorkerGone`. */
export interface WorkerLiveness {
  /** True on PGlite: the database is this process's alone, so only its own live workers exist. */
  isSoleProcess: boolean;
}

/** The workers running in this process: a job held by none of them here belongs to another process. */
const liveWorkers = new Set<string>();

export function markWorkerLive(workerId: string): void {
  liveWorkers.add(workerId);
}

export function markWorkerStopped(workerId: string): void {
  liveWorkers.delete(workerId);
}

/**
 * A worker id is `host:pid:random`. It is gone when it is not one of this process's live workers
 * and either the database is this process's alone, or it ran on this host in this process (an
 * earlier incarnation with the same pid, as in a container) or in a process that no longer exists.
 * A worker of another host is left to its lease.
 */
export function isWorkerGone(workerId: string, liveness: WorkerLiveness): boolean {
  if (liveWorkers.has(workerId)) return false;
  if (liveness.isSoleProcess) return true;
  const parts = workerId.split(':');
  if (parts.length < 3) return false;
  const pid = Number(parts[parts.length - 2]);
  const host = parts.slice(0, -2).join(':');
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * At start-up: hands back the running jobs of workers that no longer exist (`isWorkerGone`), so a
 * restart resumes them in seconds instead of waiting for their leases. Returns how many.
 */
export async function releaseJobsOfGoneWorkers(
  db: Db,
  queues: readonly string[],
  liveness: WorkerLiveness,
): Promise<number> {
  if (queues.length === 0) return 0;
  const held = await db
    .selectFrom('jobs')
    .select(['id', 'locked_by'])
    .where('status', '=', 'running')
    .where('queue', 'in', queues)
    .where('locked_by', 'is not', null)
    .execute();
  let released = 0;
  for (const job of held) {
    if (!isWorkerGone(job.locked_by!, liveness)) continue;
    if (await releaseJob(db, job.id, job.locked_by!, { countsAsAttempt: true })) released += 1;
  }
  return released;
}

/**
 * What a job's holder would show: `interrupted` when its worker stopped or was lost and no worker
 * runs it yet (handed back, or its lease expired); else its status.
 */
export function shownJobStatus(
  job: Pick<JobRow, 'status' | 'interrupted_at' | 'lease_expires_at'>,
  now: Date = new Date(),
): JobStatus | 'interrupted' {
  if (job.status === 'queued' && job.interrupted_at !== null) return 'interrupted';
  if (job.status === 'running' && job.lease_expires_at !== null && job.lease_expires_at < now) {
    return 'interrupted';
  }
  return job.status;
}
