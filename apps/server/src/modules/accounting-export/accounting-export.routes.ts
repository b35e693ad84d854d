import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountingExportAccepted,
  accountingExportableResponse,
  accountingExportBody,
  accountingExportsQuery,
  accountingExportsResponse,
  accountingPeriodQuery,
  accountingPreviewQuery,
  accountingPreviewResponse,
  errorResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { sendDownload } from '../../platform/mailed-export/download';
import { accountingExportError } from './accounting-export.errors';
import {
  ACCOUNTING_EXPORT_QUEUE,
  exportFile,
  isAccountingExportLinkValid,
  isExportable,
  listAccountingExports,
  previewExport,
  requestAccountingExport,
} from './accounting-export.service';
import { runAccountingExport } from './accounting-export.job';

const SERVICE = 'accounting_export';
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const periodDoc =
  'Dates `YYYY-MM-DD 00:00:00` / `YYYY-MM-DD 23:59:59` (Europe/Paris) or ISO 8601, at most one year; ' +
  '`idCompanies` a JSON list of exactly one readable establishment. 400 INVALID_DATE, REVERSED_DATES, ' +
  'PERIOD_TOO_LONG, ACCOUNTING_ONE_COMPANY, VALIDATION_ERROR (an id that is no establishment id); 403 COMPANY_FORBIDDEN.';
const exportFileParams = z.object({
  exportId: z.uuid(),
  file: z.enum(['file', 'description', 'analytics']),
});

export async function accountingExportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  app.jobs.register(ACCOUNTING_EXPORT_QUEUE, (job, jobCtx) =>
    runAccountingExport(
      { db, config: app.config, serverKey: app.serverKey, files: app.files, mailer: app.mailer },
      job,
      jobCtx,
    ),
  );

  app.post(
    '/api/exportVat/isExportable',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary:
          'What lacks an accounting account over the period, by kind (VAT rates, products, payment types)',
        description: periodDoc,
        body: accountingPeriodQuery,
        response: { 200: accountingExportableResponse, ...refusals },
      },
    },
    (request) => isExportable(db, requireCtx(request), request.body),
  );

  app.get(
    '/api/exportVat/getExportDatas',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary: "The period's FEC movement lines, numbered provisionally from the entry counter",
        description: `${periodDoc} \`limit\` true (default): at most 200 lines in \`datas\`, \`total\` counts them all. \`mode\` 1 or 2, the saved mode by default.`,
        querystring: accountingPreviewQuery,
        response: { 200: accountingPreviewResponse, ...refusals },
      },
    },
    (request) => previewExport(db, requireCtx(request), request.query, app.files),
  );

  app.post(
    '/api/exportVat/export',
    {
      config: { access: access.writeAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary:
          'Queues the FEC or CSV export of a period: numbered from the counter, streamed, mailed as a link',
        description:
          `${periodDoc} 400 INVALID_EMAIL, ACCOUNTING_NOTHING_TO_EXPORT; 409 ACCOUNTING_NOT_EXPORTABLE when a ` +
          'line lacks an account, ACCOUNTING_PERIOD_ALREADY_EXPORTED when the period overlaps an earlier export ' +
          'and `confirmReexport` is not true.',
        body: accountingExportBody,
        response: { 202: accountingExportAccepted, 409: errorResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const accepted = await db
        .transaction()
        .execute((trx) => requestAccountingExport(trx, app.jobs, ctx, request.body));
      app.jobs.wake();
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    '/api/exportVat/exports',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary: "The establishment's recorded accounting exports, newest first, with their download links",
        description: '403 COMPANY_FORBIDDEN for an establishment the caller may not read.',
        querystring: accountingExportsQuery,
        response: { 200: accountingExportsResponse, ...refusals },
      },
    },
    (request) => listAccountingExports(db, requireCtx(request), request.query.idCompany),
  );

  app.get(
    '/api/exportVat/exports/:exportId/:file',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary:
          "Downloads a recorded export's file (FEC or CSV), the FEC's description or its analytic sections (mode 2)",
        description:
          '404 ACCOUNTING_EXPORT_NOT_FOUND unless the export is written and of an establishment the caller reads.',
        params: exportFileParams,
      },
    },
    async (request, reply) => {
      const found = await exportFile(db, request.params.exportId, request.params.file, requireCtx(request));
      // Streamed from the file store (PostgreSQL: a chunk at a time), whichever instance wrote it.
      const body = await app.files.openReadStream(found.key);
      return sendDownload(reply, { type: found.type, filename: found.name, body });
    },
  );

  app.get(
    '/api/exportVat/files/:exportId/:file',
    {
      config: { access: access.public('a link signed for 7 days in the export mail', { writes: false }) },
      schema: {
        tags: ['exportVat'],
        summary: "Downloads an export's file or description through the signed link of its mail",
        description:
          'The link carries expires (Unix seconds) and signature; 403 EXPORT_LINK_INVALID when forged or expired.',
        params: exportFileParams,
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().regex(/^[0-9a-f]{64}$/),
        }),
      },
    },
    async (request, reply) => {
      const { exportId, file } = request.params;
      if (!isAccountingExportLinkValid(app.config, { exportId, file, ...request.query })) {
        throw accountingExportError('EXPORT_LINK_INVALID');
      }
      const found = await exportFile(db, exportId, file);
      // Streamed from the file store (PostgreSQL: a chunk at a time), whichever instance wrote it.
      const body = await app.files.openReadStream(found.key);
      return sendDownload(reply, { type: found.type, filename: found.name, body });
    },
  );
}
