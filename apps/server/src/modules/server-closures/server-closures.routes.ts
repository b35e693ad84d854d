import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, serverClosureListQuery, serverClosureListResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  enqueueServerClosures,
  listServerClosures,
  runServerClosures,
  SERVER_CLOSURES_QUEUE,
} from './server-closures.service';

/** How often the server looks for ended periods to close (catch-up after downtime included). */
export const SERVER_CLOSURES_EVERY_MS = 15 * 60_000;

export async function serverClosuresRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.jobs.register(SERVER_CLOSURES_QUEUE, (_job, jobCtx) =>
    runServerClosures(app.database.db, app.serverKey, jobCtx),
  );

  app.get(
    '/api/administration-fiscale/server-closures',
    {
      config: { access: access.readFiscal() },
      schema: {
        tags: ['fiscal'],
        summary: 'Server closures (daily 1, monthly 3, annual 5) whose period meets the business days asked',
        description:
          'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as ' +
          'or fiscal; only the caller’s account’s establishments. Oldest first by establishment and chain ' +
          'position. 400 INVALID_PERIOD when startDate is after endDate.',
        querystring: serverClosureListQuery,
        response: {
          200: serverClosureListResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    (request) => listServerClosures(app.database.db, requireCtx(request), request.query),
  );
}

/**
 * Starts the periodic catch-up: enqueues the closing job now and every `SERVER_CLOSURES_EVERY_MS`
 * (skipped while one is queued or running). Called by main.ts once the app is ready and any demo
 * data is loaded, so that a day being loaded is never closed half-way. The timer does not keep the
 * process alive; the returned function stops it.
 */
export function scheduleServerClosures(app: FastifyInstance, everyMs = SERVER_CLOSURES_EVERY_MS): () => void {
  const tick = () => {
    enqueueServerClosures(app.database.db, (queue, payload) => app.jobs.enqueue(queue, payload)).catch(
      (err: unknown) => app.log.error({ err }, 'could not enqueue the server closures'),
    );
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
