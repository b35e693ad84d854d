import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentationResponse, errorResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { listDocuments } from './documentation.repository';

/** The documentation library (spec 1 §2.7). */
export async function documentationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/documentation',
    {
      config: { access: access.readAccount() },
      schema: {
        tags: ['help'],
        summary: 'The downloadable documents the caller may read',
        description:
          'Bearer token of kind user or view_as. Users of the comptoir-suite group get the suite documents, ' +
          'others the non-suite ones; the document titled list-incident-fisc is never listed.',
        response: { 200: documentationResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const isSuite = requireCtx(request).edition === 'suite';
      return { documents: await listDocuments(app.database.db, isSuite) };
    },
  );
}
