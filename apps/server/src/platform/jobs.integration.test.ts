import os from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase, waitFor } from '../test-helpers';
import {
  claimNext,
  complete,
  enqueue,
  fail,
  renewLeases,
  reportProgress,
  shownJobStatus,
  startWorker,
  type JobRow,
  type Worker,
} from './jobs';

describe('jobs queue', () => {
  let database: DatabaseHandle;
  const workers: Worker[] = [];

  const job = (id: number) =>
    database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const jobWhen = (id: number, accept: (row: JobRow) => boolean) =>
    waitFor(async () => {
      const row = await job(id);
      return accept(row) && row;
    });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await database.close();
  });
  beforeEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await database.db.deleteFrom('jobs').execute();
  });

  it('runs two queued jobs and keeps their results', async () => {
    const first = await enqueue(database.db, 'export', { kind: 'fec', n: 1 });
    const second = await enqueue(database.db, 'export', { kind: 'csv', n: 2 });
    workers.push(
      startWorker({
        db: database.db,
        pollMs: 20,
        handlers: { export: async (j) => ({ echoed: j.payload, attempt: j.attempts }) },
      }),
    );

    const [a, b] = await Promise.all([
      jobWhen(first.id, (r) => r.status === 'done'),
      jobWhen(second.id, (r) => r.status === 'done'),
    ]);

    expect(a).toMatchObject({
      result: { echoed: { kind: 'fec', n: 1 }, attempt: 1 },
      attempts: 1,
      progress: 100,
      error: null,
      locked_by: null,
    });
    expect(b.result).toEqual({ echoed: { kind: 'csv', n: 2 }, attempt: 1 });
    expect(a.finished_at).toBeInstanceOf(Date);
  });

  it('retries a failing handler until it succeeds', async () => {
    const queued = await enqueue(database.db, 'mail', { to: 'x@y.test' }, { maxAttempts: 3 });
    const seenErrors: (string | null)[] = [];
    workers.push(
      startWorker({
        db: database.db,
        pollMs: 20,
        backoffMs: () => 30,
        handlers: {
          mail: async (j) => {
            seenErrors.push(j.error);
            if (j.attempts < 3) throw new Error(`SMTP down (attempt ${j.attempts})`);
            return 'delivered';
          },
        },
      }),
    );

    const done = await jobWhen(queued.id, (r) => r.status === 'done');

    expect(done).toMatchObject({ attempts: 3, result: 'delivered', error: null });
    // Each retry sees why the previous run failed.
    expect(seenErrors).toEqual([null, 'SMTP down (attempt 1)', 'SMTP down (attempt 2)']);
  });

  it('fails a job for good once its attempts are used up', async () => {
    const queued = await enqueue(database.db, 'archive', {}, { maxAttempts: 2 });
    workers.push(
      startWorker({
        db: database.db,
        pollMs: 20,
        backoffMs: () => 0,
        handlers: {
          archive: async () => {
            throw new Error('disk full');
          },
        },
      }),
    );

    const failed = await jobWhen(queued.id, (r) => r.status === 'failed');

    expect(failed).toMatchObject({ attempts: 2, error: 'disk full', locked_by: null, result: null });
    expect(failed.finished_at).toBeInstanceOf(Date);
  });

  it('puts a failed run back in the queue after a backoff, not before', async () => {
    const queued = await enqueue(database.db, 'check', {});
    const claimed = await claimNext(database.db, ['check'], 'w1');
    expect(claimed?.id).toBe(queued.id);

    expect(await fail(database.db, queued.id, new Error('timeout'), { backoffMs: () => 60_000 })).toBe(
      'queued',
    );

    const row = await job(queued.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, error: 'timeout', locked_by: null });
    expect(row.run_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await claimNext(database.db, ['check'], 'w1')).toBeNull();
  });

  it('shows the progress of a running job', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queued = await enqueue(database.db, 'signature-check', { days: 31 });
    workers.push(
      startWorker({
        db: database.db,
        pollMs: 20,
        handlers: {
          'signature-check': async (_j, ctx) => {
            await ctx.reportProgress(40.4);
            await gate;
            return { errors: 0 };
          },
        },
      }),
    );

    const running = await jobWhen(queued.id, (r) => r.progress === 40);
    expect(running.status).toBe('running');
    expect(running.locked_by).toBe(workers[0]!.workerId);

    release();
    const done = await jobWhen(queued.id, (r) => r.status === 'done');
    expect(done.progress).toBe(100);
  });

  it('never hands the same job to two workers', async () => {
    const a = await enqueue(database.db, 'export', { n: 1 });
    const b = await enqueue(database.db, 'export', { n: 2 });

    const claims = await Promise.all([
      claimNext(database.db, ['export'], 'w1'),
      claimNext(database.db, ['export'], 'w2'),
      claimNext(database.db, ['export'], 'w3'),
    ]);

    const taken = claims.filter((c): c is JobRow => c !== null);
    expect(taken.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(new Set(taken.map((c) => c.locked_by)).size).toBe(2);
  });

  it('leaves jobs of other queues and jobs not yet due', async () => {
    await enqueue(database.db, 'export', {}, new Date(Date.now() + 60_000));
    await enqueue(database.db, 'other', {});

    expect(await claimNext(database.db, ['export'], 'w1')).toBeNull();
  });

  it('takes over a job whose lease expired, and ignores the old worker afterwards', async () => {
    const queued = await enqueue(database.db, 'export', {});
    await claimNext(database.db, ['export'], 'dead-worker', { leaseMs: 60_000 });
    expect(await claimNext(database.db, ['export'], 'w2')).toBeNull();
    await database.db
      .updateTable('jobs')
      .set({ lease_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', queued.id)
      .execute();
    expect(shownJobStatus(await job(queued.id))).toBe('interrupted');

    const retaken = await claimNext(database.db, ['export'], 'w2');

    expect(retaken).toMatchObject({ id: queued.id, attempts: 2, locked_by: 'w2' });
    expect(shownJobStatus(retaken!)).toBe('running');
    expect(await complete(database.db, queued.id, 'late', 'dead-worker')).toBe(false);
    await reportProgress(database.db, queued.id, 70, 'dead-worker');
    expect((await job(queued.id)).progress).toBe(0);
    expect(await renewLeases(database.db, 'dead-worker')).toEqual([]);
    expect(await complete(database.db, queued.id, 'ok', 'w2')).toBe(true);
    expect(await job(queued.id)).toMatchObject({ status: 'done', result: 'ok', lease_expires_at: null });
  });

  it('renews the lease of the job it runs at every heartbeat', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queued = await enqueue(database.db, 'slow', {});
    workers.push(
      startWorker({
        db: database.db,
        pollMs: 20,
        leaseMs: 2_000,
        heartbeatMs: 50,
        handlers: { slow: () => gate },
      }),
    );
    const first = await jobWhen(queued.id, (r) => r.status === 'running');

    const renewed = await jobWhen(
      queued.id,
      (r) => r.lease_expires_at!.getTime() > first.lease_expires_at!.getTime(),
    );

    expect(renewed.locked_by).toBe(workers[0]!.workerId);
    release();
    await jobWhen(queued.id, (r) => r.status === 'done');
  });

  it('hands its job back when it stops: queued again at once, shown interrupted, the run not counted', async () => {
    const queued = await enqueue(database.db, 'slow', {});
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    const worker = startWorker({
      db: database.db,
      pollMs: 20,
      handlers: {
        slow: async (_j, ctx) => {
          started();
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          throw new Error('the server is stopping');
        },
      },
    });
    await hasStarted;

    await worker.stop();

    const row = await job(queued.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, locked_by: null, lease_expires_at: null });
    expect(row.run_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(shownJobStatus(row)).toBe('interrupted');
    const resumed = await claimNext(database.db, ['slow'], 'w2');
    expect(resumed).toMatchObject({ id: queued.id, attempts: 1, interrupted_at: null });
  });

  it('hands back after its grace a job whose handler does not hear the stop', async () => {
    const queued = await enqueue(database.db, 'deaf', {});
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    const worker = startWorker({
      db: database.db,
      pollMs: 20,
      stopGraceMs: 100,
      handlers: {
        deaf: async () => {
          started();
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          return 'too late';
        },
      },
    });
    await hasStarted;

    await worker.stop();

    expect(await job(queued.id)).toMatchObject({ status: 'queued', locked_by: null });
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await job(queued.id)).status).toBe('queued');
  });

  describe('at start-up, the jobs of workers gone', () => {
    const host = os.hostname();
    async function runningJob(lockedBy: string): Promise<number> {
      const queued = await enqueue(database.db, 'resume', {});
      await database.db
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts: 1,
          locked_by: lockedBy,
          locked_at: new Date(),
          lease_expires_at: new Date(Date.now() + 60_000),
        })
        .where('id', '=', queued.id)
        .execute();
      return queued.id;
    }

    it("resumes in seconds those of an earlier run of this process or of a process gone, not another host's", async () => {
      const earlierRun = await runningJob(`${host}:${process.pid}:0ld0ne`);
      const deadProcess = await runningJob(`${host}:4194303:dead00`);
      const otherHost = await runningJob('another-host.internal:1234:a1b2c3');

      workers.push(
        startWorker({ db: database.db, pollMs: 20, handlers: { resume: async (j) => `resumed ${j.id}` } }),
      );

      expect(await jobWhen(earlierRun, (r) => r.status === 'done')).toMatchObject({ attempts: 2 });
      expect((await jobWhen(deadProcess, (r) => r.status === 'done')).result).toBe(`resumed ${deadProcess}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await job(otherHost)).toMatchObject({
        status: 'running',
        locked_by: 'another-host.internal:1234:a1b2c3',
      });
    });

    it("resumes every one on a database that is this process's alone (PGlite)", async () => {
      const otherHost = await runningJob('another-host.internal:1234:a1b2c3');

      workers.push(
        startWorker({
          db: database.db,
          pollMs: 20,
          isSoleProcess: true,
          handlers: { resume: async () => 'ok' },
        }),
      );

      expect(await jobWhen(otherHost, (r) => r.status === 'done')).toMatchObject({ result: 'ok' });
    });

    it('never takes the job of a worker alive in this process', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const queued = await enqueue(database.db, 'resume', {});
      const first = startWorker({ db: database.db, pollMs: 20, handlers: { resume: () => gate } });
      workers.push(first);
      await jobWhen(queued.id, (r) => r.status === 'running');

      const second = startWorker({
        db: database.db,
        pollMs: 20,
        isSoleProcess: true,
        handlers: { resume: async () => 'stolen' },
      });
      workers.push(second);
      await new Promise((resolve) => setTimeout(resolve, 200));

      expect(await job(queued.id)).toMatchObject({ status: 'running', locked_by: first.workerId });
      release();
      await jobWhen(queued.id, (r) => r.status === 'done');
    });
  });

  it('stops after the job in progress has ended', async () => {
    const queued = await enqueue(database.db, 'slow', {});
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    const worker = startWorker({
      db: database.db,
      pollMs: 20,
      handlers: {
        slow: async (_j, ctx) => {
          started();
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          return 'interrupted cleanly';
        },
      },
    });
    await hasStarted;

    await worker.stop();

    expect(await job(queued.id)).toMatchObject({ status: 'done', result: 'interrupted cleanly' });
  });
});
