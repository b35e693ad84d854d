import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, productLinesExportAccepted, productLinesExportQuery } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  PRODUCT_LINES_EXPORT_QUEUE,
  requestProductLinesExport,
  runProductLinesExport,
} from './data-export.service';
import { salesLinesRoutes } from './sales-lines.routes';

export async function dataExportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await salesLinesRoutes(fastify);

  app.jobs.register(PRODUCT_LINES_EXPORT_QUEUE, (job, jobCtx) =>
    runProductLinesExport(
      { db: app.database.db, serverKey: app.serverKey, files: app.files, mailer: app.mailer },
      job,
      jobCtx,
    ),
  );

  app.get(
    '/api/dataExport/exportProductLines',
    {
      config: { access: access.writeAccount() },
      schema: {
        tags: ['dataExport'],
        summary: 'Queues the export of the payment product lines of a period, sent by e-mail as XLSX',
        description:
          'Needs the group export_product_lines. Dates: `YYYY-MM-DD HH:mm:ss` (Europe/Paris) or ISO 8601; ' +
          'the end is not before the start and at most one year after it. 400 INVALID_EMAIL, INVALID_DATE, ' +
          'REVERSED_DATES, PERIOD_TOO_LONG; 403 FEATURE_DISABLED.',
        querystring: productLinesExportQuery,
        response: {
          202: productLinesExportAccepted,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const accepted = await app.database.db
        .transaction()
        .execute((trx) => requestProductLinesExport(trx, app.jobs, ctx, request.query));
      app.jobs.wake();
      return reply.status(202).send(accepted);
    },
  );
}
