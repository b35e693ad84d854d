import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, faqQuery, faqResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { readFaq } from './faq.service';

/** The FAQ (spec 1 §2.8): the product's questions and answers, read by anyone with the help service. */
export async function faqRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/faq',
    {
      config: { access: access.readAccount('help') },
      schema: {
        tags: ['help'],
        summary: 'The FAQ in the given language, grouped by category',
        description:
          'Questions (`trigger`) and plain-text answers (`content`) grouped by category, in reading order; ' +
          'the French FAQ when the language has no item (`locale` says which language was answered).',
        querystring: faqQuery,
        response: { 200: faqResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => readFaq(app.database.db, request.query.locale),
  );
}
