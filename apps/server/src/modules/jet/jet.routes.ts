import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, jetListResponse, jetQuery } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { journal } from './jet.service';

/** The technical events journal screen's read API (issue 6 part 5). */
export async function jetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/administration-fiscale/jet',
    {
      config: { access: access.readFiscal() },
      schema: {
        tags: ['fiscal'],
        summary: 'The technical events journal (JET) of the caller’s account, newest first',
        description:
          'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as ' +
          'or fiscal; only the caller’s account. Each row says whether its signature verifies with the ' +
          'server key and links to the previous event (`signature`). Pages of `limit` rows (500 by ' +
          'default): pass `nextBeforeSeq` as `beforeSeq`. 400 INVALID_PERIOD when startDate is after endDate.',
        querystring: jetQuery,
        response: { 200: jetListResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => journal(app.database.db, app.serverKey, requireCtx(request), request.query),
  );
}
