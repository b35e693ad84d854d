import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentationQuery, documentationResponse, errorResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { userLanguage } from '../user/user.service';
import { listDocumentation } from './documentation.service';

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
          'others the non-suite ones; the document titled list-incident-fisc is never listed. Titles, authors ' +
          'and descriptions in `locale` (the caller’s saved language when absent), French for a document ' +
          'without a translation; the PDFs are French.',
        querystring: documentationQuery,
        response: { 200: documentationResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const db = app.database.db;
      const language = request.query.locale ?? (await userLanguage(db, ctx.userId));
      return { documents: await listDocumentation(db, ctx.edition === 'suite', language) };
    },
  );
}
