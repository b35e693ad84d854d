import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, supportAccountsResponse, viewAsRequest, viewAsResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { listAccounts, openViewAs } from './support.service';

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
}
