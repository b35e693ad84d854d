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
  });

  /** Just what the runner needs: the database and the app's lifecycle. */
  function bareApp(options: JobRunnerOptions = {}): FastifyInstance {
    app = Fastify({ logger: false });
    app.decorate('database', database);
    attachJobRunner(app, options);
    return app;
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
});
