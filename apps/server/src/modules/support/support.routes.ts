import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  supportAccountsResponse,
  supportOutboxMail,
  supportOutboxParams,
  supportOutboxQuery,
  supportOutboxResponse,
  viewAsRequest,
  viewAsResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { listAccounts, listOutbox, openViewAs, resendMail } from './support.service';

const refusals = { 401: errorResponse, 403: errorResponse };

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/support/accounts',
    {
      config: { access: access.staff({ writes: false }) },
      schema: {
        tags: ['support'],
        summary: 'Customer accounts, for Comptoir support staff',
        response: { 200: supportAccountsResponse, ...refusals },
      },
    },
    async () => ({ accounts: await listAccounts(db) }),
  );

  routes.post(
    '/api/support/view-as',
    {
      config: { access: access.staff({ writes: true }) },
      schema: {
        tags: ['support'],
        summary: 'Opens a read-only view-as-customer session on an account (support staff)',
        body: viewAsRequest,
        response: { 201: viewAsResponse, 400: errorResponse, ...refusals, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const session = await openViewAs(db, requireCtx(request), request.body.accountId);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(session);
    },
  );

  routes.get(
    '/api/support/mail-outbox',
    {
      config: { access: access.staff({ writes: false }) },
      schema: {
        tags: ['support'],
        summary: 'The mail outbox: recipient, subject, status, tries, last error, next try (support staff)',
        querystring: supportOutboxQuery,
        response: { 200: supportOutboxResponse, 400: errorResponse, ...refusals },
      },
    },
    async (request) => ({ messages: await listOutbox(db, request.query) }),
  );

  routes.post(
    '/api/support/mail-outbox/:id/resend',
    {
      config: { access: access.staff({ writes: true }) },
      schema: {
        tags: ['support'],
        summary: 'Sends a failed or given-up mail again, at once (support staff)',
        description: '404 MAIL_NOT_FOUND; 409 MAIL_NOT_RESENDABLE when it is sent, waiting or being sent.',
        params: supportOutboxParams,
        response: {
          200: supportOutboxMail,
          400: errorResponse,
          ...refusals,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const mail = await resendMail(db, request.params.id);
      app.mailOutbox.wake();
      return mail;
    },
  );
}
