import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerDataExportBody,
  customerDataExportResponse,
  customerHistoryExportResponse,
  customerHistoryQuery,
  customerHistoryResponse,
  errorResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  CUSTOMER_EXPORT_QUEUES,
  requestAllCustomersExport,
  requestUnpaidSalesExport,
  runCustomerExport,
  type CustomerExportDeps,
} from './customer-exports.service';
import type { CustomerExportKind } from './customer-exports.mail';
import { getCustomerHistory, requestCustomerHistoryExport } from './customer-history.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

const DATES =
  'Dates: `YYYY-MM-DD HH:mm:ss` (Europe/Paris; the portal sends 00:00:00 and 23:59:59) or ISO 8601; the end ' +
  'is not before the start (400 REVERSED_DATES) and at most one year after it (400 PERIOD_TOO_LONG); 400 ' +
  'INVALID_DATE otherwise.';
const FILTERS =
  '`id_companies`, `idPayments`, `idUsers`: JSON lists of ids, empty = all (400 INVALID_ID_LIST); an ' +
  'establishment the caller may not read is ignored. `searchCategory` (name, amount, balance) names the ' +
  'field holding the search text; amount and balance are euros as typed (`12,5`), compared with the ' +
  'absolute value (400 INVALID_SEARCH_NUMBER when not numeric).';

/**
 * The history modal and the customer-data exports of the customer-account list (spec 3 §2, §5, §7):
 * the history read, and three exports mailed as XLSX by the job worker.
 */
export async function customerHistoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const readGuards = { config: { access: access.readAccount('customer_account') } };
  // Starting a job that mails is a write, whatever the method.
  const writeGuards = { config: { access: access.writeAccount('customer_account') } };

  const deps = (): CustomerExportDeps => ({
    db: app.database.db,
    serverKey: app.serverKey,
    files: app.files,
    mailer: app.mailer,
  });
  for (const [kind, queue] of Object.entries(CUSTOMER_EXPORT_QUEUES) as [CustomerExportKind, string][]) {
    app.jobs.register(queue, (job, jobCtx) => runCustomerExport(deps(), kind, job, jobCtx));
  }

  app.get(
    '/api/customer-account/getCustomerHistory',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'The operations of the customer accounts over a period (history modal)',
        description:
          `Operations of the caller's customer accounts in readable establishments, newest first, at most ` +
          `2 000 (\`total\` counts them all). ${DATES} ${FILTERS} Amounts and balances in cents.`,
        querystring: customerHistoryQuery,
        response: { 200: customerHistoryResponse, ...errors },
      },
    },
    async (request) => getCustomerHistory(db(), requireCtx(request), request.query),
  );

  app.get(
    '/api/customer-account/exportCustomerHistory',
    {
      ...writeGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'Queues the history export, mailed as XLSX to `userEmail`',
        description: `The query of getCustomerHistory, every matching row. ${DATES} 400 INVALID_EMAIL.`,
        querystring: customerHistoryQuery,
        response: { 200: customerHistoryExportResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const answer = await db()
        .transaction()
        .execute((trx) => requestCustomerHistoryExport(trx, app.jobs, ctx, request.query));
      app.jobs.wake();
      return answer;
    },
  );

  const dataExport = (path: string, summary: string, request: typeof requestAllCustomersExport) =>
    app.post(
      path,
      {
        ...writeGuards,
        schema: {
          tags: ['customer-accounts'],
          summary,
          description:
            `${DATES} 400 INVALID_EMAIL. \`data\`: false when the period has nothing to export (nothing ` +
            'queued), true when the XLSX is on its way by e-mail.',
          body: customerDataExportBody,
          response: { 200: customerDataExportResponse, ...errors },
        },
      },
      async (req) => {
        const ctx = requireCtx(req);
        const answer = await db()
          .transaction()
          .execute((trx) => request(trx, app.jobs, ctx, req.body));
        if (answer.data) app.jobs.wake();
        return answer;
      },
    );

  dataExport(
    '/api/customer-account/export-xls-all-customers',
    'Queues the export of every customer account (balance, establishments, period sums), mailed as XLSX',
    requestAllCustomersExport,
  );
  dataExport(
    '/api/customer-account/export-xls-unpaid-sales',
    'Queues the export of the unpaid notes of the period, mailed as XLSX',
    requestUnpaidSalesExport,
  );
}
