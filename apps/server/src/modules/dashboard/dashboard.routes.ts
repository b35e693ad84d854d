import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardTurnoverResponse, errorResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { dashboardTurnover } from './dashboard.service';

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dashboard/turnover',
    {
      config: {
        access: access.session({ callers: ['holder', 'sub_user', 'staff'], viewAs: true, writes: false }),
      },
      schema: {
        tags: ['dashboard'],
        summary: 'Today, yesterday, this week and the same days of last week per readable establishment',
        response: { 200: dashboardTurnoverResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => dashboardTurnover(app.database.db, requireCtx(request)),
  );
}
