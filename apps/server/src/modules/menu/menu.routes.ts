import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoriesQuery,
  categoriesResponse,
  categoryParams,
  categoryResponse,
  errorResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { getCategory, listCategories } from './menu.service';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

export async function menuRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/categories',
    {
      config: {
        access: access.session({ callers: ['holder', 'sub_user', 'staff'], viewAs: true, writes: false }),
      },
      schema: {
        tags: ['menu'],
        summary: 'The dashboard menu the caller may see, in the requested language (French by default)',
        querystring: categoriesQuery,
        response: { 200: categoriesResponse, ...refusals },
      },
    },
    async (request) => ({
      categories: await listCategories(db, requireCtx(request), request.query.locale),
    }),
  );

  routes.get(
    '/api/categories/:id',
    {
      config: {
        access: access.session({ callers: ['holder', 'sub_user', 'staff'], viewAs: true, writes: false }),
      },
      schema: {
        tags: ['menu'],
        summary: 'One menu item and its visible children',
        params: categoryParams,
        querystring: categoriesQuery,
        response: { 200: categoryResponse, ...refusals, 404: errorResponse },
      },
    },
    async (request) => getCategory(db, requireCtx(request), request.params.id, request.query.locale),
  );
}
