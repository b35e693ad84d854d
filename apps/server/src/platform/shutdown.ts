import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database';

export interface ShutdownOptions {
  /** How long requests in flight may take to finish once the server stops accepting. */
  drainMs: number;
  /** After the drain, how long the job runner and the database may take before the process gives up. */
  closeMs?: number;
}

/** SHUTDOWN_DRAIN_MS (default 10 s): how long a stop waits for the requests in flight. */
export function drainMsFrom(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.SHUTDOWN_DRAIN_MS ?? 10_000);
  return Number.isFinite(ms) && ms >= 0 ? ms : 10_000;
}

/**
 * A stop on SIGTERM or SIGINT, in order: no new connection; the requests in flight finish, those
 * still running after `drainMs` are cut; the app closes (its job runner stops and hands its running
 * job back, the journal records the stop, mail closes); then the database. Resolves `true` when
 * everything closed in time.
 */
export async function shutDown(
  app: FastifyInstance,
  database: DatabaseHandle,
  { drainMs, closeMs = 20_000 }: ShutdownOptions,
): Promise<boolean> {
  const server = app.server;
  if (server.listening) {
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections that fall idle during the drain are closed too, not kept open.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const isDrained = await Promise.race([
      drained.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), drainMs))),
    ]);
    clearInterval(idle);
    clearTimeout(timer);
    if (!isDrained) {
      app.log.warn({ drainMs }, 'requests still running after the drain: their connections are closed');
      server.closeAllConnections();
      await drained;
    }
  }
  let timer: NodeJS.Timeout | undefined;
  const closed = (async () => {
    await app.close();
    await database.close();
    return true;
  })();
  const isClosed = await Promise.race([
    closed,
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), closeMs))),
  ]);
  clearTimeout(timer);
  if (!isClosed) app.log.error({ closeMs }, 'the app or the database did not close in time');
  return isClosed;
}
