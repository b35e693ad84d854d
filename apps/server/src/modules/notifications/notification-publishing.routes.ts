import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  publishedNotification,
  publishedNotificationParams,
  publishedNotificationsResponse,
  publishNotificationRequest,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { endNotificationNow, listPublished, publishNotification } from './notification-publishing.service';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Issue 19 part 7: support staff publish notifications to the users' notification centre. */
export async function notificationPublishingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  routes.get(
    '/api/support/notifications',
    {
      config: { access: access.staff({ writes: false }) },
      schema: {
        tags,
        summary: 'The notifications published by support staff, with their state (support staff)',
        response: { 200: publishedNotificationsResponse, ...refusals },
      },
    },
    async () => ({ notifications: await listPublished(db) }),
  );

  routes.post(
    '/api/support/notifications',
    {
      config: { access: access.staff({ writes: true }) },
      schema: {
        tags,
        summary: 'Publishes a notification for an audience between two dates (support staff)',
        description:
          'French text required, the other languages fall back to it. 400 END_NOT_AFTER_START, ' +
          'ACCOUNT_REQUIRED or ACCOUNT_NOT_EXPECTED; 404 ACCOUNT_NOT_FOUND.',
        body: publishNotificationRequest,
        response: { 201: publishedNotification, ...refusals, 404: errorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await publishNotification(db, requireCtx(request), request.body)),
  );

  routes.post(
    '/api/support/notifications/:id/end',
    {
      config: { access: access.staff({ writes: true }) },
      schema: {
        tags,
        summary: 'Ends a published notification now (support staff)',
        params: publishedNotificationParams,
        response: { 200: publishedNotification, ...refusals, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => endNotificationNow(db, request.params.id),
  );
}
