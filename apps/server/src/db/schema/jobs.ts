import type { Generated, Selectable } from 'kysely';
import type { Timestamp, Json, JsonWithDefault, WithDefault } from './columns';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: Generated<number>;
  queue: string;
  account_id: string | null;
  payload: JsonWithDefault<unknown>;
  status: WithDefault<JobStatus>;
  attempts: WithDefault<number>;
  max_attempts: WithDefault<number>;
  run_at: Timestamp;
  locked_at: Timestamp | null;
  /** The worker that holds the job: `host:pid:random` (`platform/jobs.ts`). */
  locked_by: string | null;
  /** Migration 038: the holder's lease, renewed by its heartbeat; past it, any worker may take the job. */
  lease_expires_at: Timestamp | null;
  /** Migration 038: set when a stopped or lost worker's job waits to be taken again. */
  interrupted_at: Timestamp | null;
  progress: WithDefault<number>;
  result: Json | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
export type JobRow = Selectable<JobTable>;

/** Background jobs (`platform/jobs.ts`). */
export interface JobTables {
  jobs: JobTable;
}
