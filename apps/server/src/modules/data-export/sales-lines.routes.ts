import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponse,
  salesLinesExportBody,
  salesLinesExportProgress,
  salesLinesExportResponse,
  salesLinesQuery,
  salesLinesResponse,
  parisDayOf,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { salesLinesError } from './sales-lines.errors';
import { salesLinesFilename } from './sales-lines.file';
import { isSalesLinesLinkValid } from './sales-lines.link';
import { findStoredSalesLinesExport } from './sales-lines.repository';
import { sendDownload } from '../../platform/mailed-export/download';
import {
  SALES_LINES_EXPORT_QUEUE,
  requestSalesLinesExport,
  runSalesLinesExport,
  salesLinesExportProgress as exportProgress,
  salesLinesPreview,
} from './sales-lines.service';

const SERVICE = 'accounting_export';
const FILTERS =
  'Dates `YYYY-MM-DD HH:mm:ss` (Europe/Paris) or ISO 8601, at most one year, taken as the business days ' +
  'that hold them (as the reports); idCompanies a JSON list of readable establishments (empty: all), ' +
  'orderTypeAway a JSON list of activity types 1 on site, 2 takeaway, 3 delivery (empty: all). Removed ' +
  'lines are left out, cancellations kept (negative). Amounts in cents. 400 INVALID_DATE, REVERSED_DATES, ' +
  'PERIOD_TOO_LONG, INVALID_COMPANY_LIST, VALIDATION_ERROR (an id that is no establishment id), INVALID_ACTIVITY_TYPES; ' +
  '404 COMPANY_NOT_FOUND.';

/** The sales-lines export (spec 3 §2 "Data export", §7), registered from `data-export.routes.ts`. */
export async function salesLinesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.jobs.register(SALES_LINES_EXPORT_QUEUE, (job, jobCtx) =>
    runSalesLinesExport(
      {
        db: app.database.db,
        serverKey: app.serverKey,
        files: app.files,
        mailer: app.mailer,
        config: app.config,
      },
      job,
      jobCtx,
    ),
  );

  app.post(
    '/api/dataExport/getOrderLines',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['dataExport'],
        summary: 'The order lines of a period (12 columns); with limit, the first 100 and the total',
        description: FILTERS,
        body: salesLinesQuery,
        response: {
          200: salesLinesResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    (request) => salesLinesPreview(app.database.db, requireCtx(request), request.body),
  );

  app.post(
    '/api/dataExport/exportData',
    {
      config: { access: access.writeAccount(SERVICE) },
      schema: {
        tags: ['dataExport'],
        summary: 'Queues the sales-lines file (XLSX or CSV); its signed download link follows by e-mail',
        description: `${FILTERS} Also 400 INVALID_EMAIL. Follow it with GET /api/dataExport/exports/{exportId}.`,
        body: salesLinesExportBody,
        response: {
          202: salesLinesExportResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const accepted = await app.database.db
        .transaction()
        .execute((trx) => requestSalesLinesExport(trx, app.jobs, ctx, request.body));
      app.jobs.wake();
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    '/api/dataExport/exports/:exportId',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['dataExport'],
        summary: "Where the caller's sales-lines export stands: status and progress (0-100)",
        description: '404 EXPORT_NOT_FOUND for an unknown export or one of another account.',
        params: z.object({ exportId: z.uuid() }),
        response: {
          200: salesLinesExportProgress,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    (request) => exportProgress(app.database.db, requireCtx(request), request.params.exportId),
  );

  app.get(
    '/api/dataExport/files/:exportId',
    {
      config: { access: access.public('a link signed for 7 days in the export mail', { writes: false }) },
      schema: {
        tags: ['dataExport'],
        summary: 'Downloads a sales-lines file through the signed link of its mail',
        description:
          'The link carries expires (Unix seconds) and signature; 403 EXPORT_LINK_INVALID when forged or expired, ' +
          '404 EXPORT_NOT_FOUND when the file is no longer kept.',
        params: z.object({ exportId: z.uuid() }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().regex(/^[0-9a-f]{64}$/),
        }),
      },
    },
    async (request, reply) => {
      const { exportId } = request.params;
      if (!isSalesLinesLinkValid(app.config, { exportId, ...request.query })) {
        throw salesLinesError('EXPORT_LINK_INVALID');
      }
      const exported = await findStoredSalesLinesExport(app.database.db, exportId);
      if (!exported?.file_key || !(await app.files.exists(exported.file_key))) {
        throw salesLinesError('EXPORT_NOT_FOUND');
      }
      const isCsv = exported.file_key.endsWith('.csv');
      const filename = salesLinesFilename(
        parisDayOf(exported.period_start),
        parisDayOf(exported.period_end),
        isCsv ? 'csv' : 'xlsx',
      );
      return sendDownload(reply, {
        type: isCsv
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename,
        body: await app.files.openReadStream(exported.file_key),
      });
    },
  );
}
