import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, feedParams, feedQuery, feedResponse } from '@comptoir/contracts';
import { readFeed } from './feed.service';
import { access } from '../../platform/access';

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const schema = {
    tags: ['feed'],
    summary: 'A feed in the given language (French when it has none in it), newest first, at most 50',
    params: feedParams,
    querystring: feedQuery,
    response: { 200: feedResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
  };
  // The spec calls `/api/feed/{name}/`; the path without the slash answers the same, hidden from the docs.
  for (const [url, hide] of [
    ['/api/feed/:name/', false],
    ['/api/feed/:name', true],
  ] as const) {
    routes.get(
      url,
      { config: { access: access.readAccount('news') }, schema: { ...schema, hide } },
      async (request) => ({
        success: true as const,
        formatedFeed: { feeds: await readFeed(db, request.params.name, request.query.locale) },
      }),
    );
  }
}
