import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, notificationsQuery, notificationsResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { listNotifications } from './notifications.service';

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/notifications',
    {
      config: {
        access: access.session({ callers: ['holder', 'sub_user', 'staff'], viewAs: true, writes: false }),
      },
      schema: {
        tags: ['notifications'],
        summary: "The caller's current notifications, newest first (at most 50)",
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => ({
      notifications: await listNotifications(db, requireCtx(request), request.query.locale),
    }),
  );
}
