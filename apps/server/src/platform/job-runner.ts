import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import {
  enqueue,
  startWorker,
  type EnqueueOptions,
  type JobHandler,
  type JobRow,
  type Worker,
  type WorkerOptions,
} from './jobs';

/**
 * The server's own job worker: modules register a handler per queue while the app is built, the
 * worker starts once the app is ready (handing back the jobs of workers gone) and, when the app
 * closes, stops and hands its job in progress back to the queue.
 */
export interface JobRunner {
  /** Before the app is ready only: the worker takes the queues it knows when it starts. */
  register(queue: string, handler: JobHandler): void;
  /**
   * Adds a job and wakes the worker. Pass `db: trx` to enqueue atomically with the change that asks
   * for it, and call `wake()` once that transaction has committed.
   */
  enqueue(queue: string, payload: unknown, options?: EnqueueOptions & { db?: Db }): Promise<JobRow>;
  wake(): void;
  readonly isRunning: boolean;
}

export type JobRunnerOptions = Pick<WorkerOptions, 'leaseMs' | 'heartbeatMs' | 'stopGraceMs'> & {
  /** Wait between polls when no job is due (default 1000 ms); an enqueue wakes the worker at once. */
  pollMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** Decorates `app.jobs`, starts the worker when the app is ready and stops it when the app closes. */
export function attachJobRunner(app: FastifyInstance, options: JobRunnerOptions = {}): JobRunner {
  const handlers: Record<string, JobHandler> = {};
  let worker: Worker | null = null;

  const runner: JobRunner = {
    register(queue, handler) {
      if (worker) throw new Error(`job queue ${queue} registered after the worker started`);
      if (handlers[queue]) throw new Error(`job queue ${queue} already has a handler`);
      handlers[queue] = async (job, ctx) => {
        try {
          return await handler(job, ctx);
        } catch (err) {
          app.log.warn({ err, jobId: job.id, queue, attempt: job.attempts }, 'job failed');
          throw err;
        }
      };
    },
    async enqueue(queue, payload, { db, ...enqueueOptions } = {}) {
      const job = await enqueue(db ?? app.database.db, queue, payload, enqueueOptions);
      worker?.wake();
      return job;
    },
    wake() {
      worker?.wake();
    },
    get isRunning() {
      return worker !== null;
    },
  };

  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    if (Object.keys(handlers).length === 0) return;
    worker = startWorker({
      ...options,
      db: app.database.db,
      handlers,
      isSoleProcess: app.database.engine === 'pglite',
      onError: (err) => app.log.error({ err }, 'job worker error'),
    });
    app.log.debug({ workerId: worker.workerId, queues: Object.keys(handlers) }, 'job worker started');
  });
  // Before the database goes: the job in progress ends or goes back to the queue.
  app.addHook('preClose', async () => {
    const running = worker;
    worker = null;
    await running?.stop();
  });
  return runner;
}
