import os from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase, waitFor } from '../test-helpers';
import { loadConfig } from './config';
import { attachJobRunner, type JobRunnerOptions } from './job-runner';

describe('job worker of the server', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance | null = null;
  const others: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.deleteFrom('jobs').execute();
  });
  afterEach(async () => {
    await app?.close();
    app = null;
    await Promise.all(others.splice(0).map((other) => other.close()));
  });

  /** Just what the runner needs: the database and the app's lifecycle. */
  function bareApp(options: JobRunnerOptions = {}): FastifyInstance {
    app = Fastify({ logger: false });
    app.decorate('database', database);
    attachJobRunner(app, options);
    return app;
  }

  /** A second instance on the same database, as another server of the deployment. */
  function otherApp(options: JobRunnerOptions = {}): FastifyInstance {
    const other = Fastify({ logger: false });
    other.decorate('database', database);
    attachJobRunner(other, options);
    others.push(other);
    return other;
  }

  const jobRow = (id: number) =>
    database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('starts with the app that npm start and the tests build', async () => {
    app = await buildApp({ config: { ...loadConfig({}), seedDemo: false }, database, logger: false });
    expect(app.jobs.isRunning).toBe(false);
    await app.ready();
    expect(app.jobs.isRunning).toBe(true);
  });

  it('runs a job enqueued through app.jobs at once rather than at the next poll', async () => {
    const server = bareApp({ pollMs: 60_000 });
    server.jobs.register('test.echo', async (job) => ({ echoed: job.payload }));
    await server.ready();
    // Past the worker's first claim: it now sleeps for a minute unless woken.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const job = await server.jobs.enqueue('test.echo', { n: 1 });
    const done = await waitFor(async () => {
      const row = await jobRow(job.id);
      return row.status === 'done' && row;
    }, 20_000);

    expect(done.result).toEqual({ echoed: { n: 1 } });
  });

  it('lets the job in progress end before the app closes', async () => {
    const server = bareApp();
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    server.jobs.register('test.slow', async (_job, ctx) => {
      started();
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      return 'stopped cleanly';
    });
    await server.ready();
    const job = await server.jobs.enqueue('test.slow', {});
    await hasStarted;

    await server.close();
    app = null;

    expect(server.jobs.isRunning).toBe(false);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', result: 'stopped cleanly' });
  });

  it('refuses a handler registered once the worker has started, or a second handler for a queue', async () => {
    const server = bareApp();
    server.jobs.register('test.early', async () => null);
    expect(() => server.jobs.register('test.early', async () => null)).toThrow(/already has a handler/);
    await server.ready();

    expect(() => server.jobs.register('test.late', async () => null)).toThrow(/after the worker started/);
  });

  it('hands its running job back when the app closes, and the next start resumes it', async () => {
    const server = bareApp();
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    server.jobs.register('test.long', async (_job, ctx) => {
      started();
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      throw new Error('the server is stopping');
    });
    await server.ready();
    const job = await server.jobs.enqueue('test.long', {});
    await hasStarted;

    await server.close();
    app = null;

    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', locked_by: null, attempts: 0 });
    const next = bareApp();
    next.jobs.register('test.long', async () => 'resumed');
    await next.ready();
    expect(
      await waitFor(async () => (await jobRow(job.id)).status === 'done' && jobRow(job.id)),
    ).toMatchObject({
      result: 'resumed',
      attempts: 1,
    });
  });

  it('resumes at start-up, in seconds, a job its previous run left running with its lease still valid', async () => {
    const queued = await database.db
      .insertInto('jobs')
      .values({
        queue: 'test.resume',
        status: 'running',
        attempts: 1,
        locked_by: `${os.hostname()}:${process.pid}:killed`,
        locked_at: new Date(),
        lease_expires_at: new Date(Date.now() + 30_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const server = bareApp();
    server.jobs.register('test.resume', async () => 'resumed');
    const startedAt = Date.now();

    await server.ready();

    const done = await waitFor(async () => {
      const row = await jobRow(queued.id);
      return row.status === 'done' && row;
    }, 20_000);
    expect(done).toMatchObject({ result: 'resumed', attempts: 2 });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('lets another instance take over the job of one whose heartbeat stopped, once its lease expires', async () => {
    // The first instance renews no lease (its heartbeat is never due): as if it had died.
    const dying = bareApp({ leaseMs: 1_000, heartbeatMs: 600_000, stopGraceMs: 100 });
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    dying.jobs.register('test.takeover', async (_job, ctx) => {
      started();
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      return 'finished by the dead one';
    });
    await dying.ready();
    const job = await dying.jobs.enqueue('test.takeover', {});
    await hasStarted;
    const survivor = otherApp({ pollMs: 100 });
    survivor.jobs.register('test.takeover', async (_job, ctx) => `taken over by ${ctx.workerId}`);

    await survivor.ready();

    const done = await waitFor(async () => {
      const row = await jobRow(job.id);
      return row.status === 'done' && row;
    }, 20_000);
    expect(done.result).toMatch(/^taken over by /);
    expect(done.attempts).toBe(2);
    await dying.close();
    app = null;
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', result: done.result });
  });
});
