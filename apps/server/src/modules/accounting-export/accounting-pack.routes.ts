import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingCustomerBalances,
  accountingExerciseFecQuery,
  accountingExercisesQuery,
  accountingExercisesResponse,
  accountingMonthQuery,
  accountingVatSummary,
  companySiren,
  errorResponse,
  monthPackFileName,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { renderZPackPdf } from '../data-host/data-host.service';
import { readableCompany } from './accounting-export.service';
import { customerBalances, exerciseFec, listExercises, vatSummary } from './accounting-pack.service';

const SERVICE = 'accounting_export';
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const companyDoc = 'One establishment the caller reads (403 COMPANY_FORBIDDEN otherwise).';

/** The accountant's year-end and monthly files (issue 30, parts 19–21): read only, written nowhere. */
export async function accountingPackRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.get(
    '/api/exportVat/exercises',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary: 'The exercises holding entries FEC exports booked, with the legal name of their FEC',
        description: `${companyDoc} The closing day is the establishment's \`account_vat_exercise_end\` (31/12 by default).`,
        querystring: accountingExercisesQuery,
        response: { 200: accountingExercisesResponse, ...refusals },
      },
    },
    (request) => listExercises(db, requireCtx(request), request.query.idCompany),
  );

  app.get(
    '/api/exportVat/exerciseFec',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary: 'Downloads the complete FEC of the exercise holding `end`: every entry FEC exports booked',
        description: `${companyDoc} Named \`{SIREN}FEC{closing day}.txt\`; the entries keep the numbers, pieces and validation dates they were booked with.`,
        querystring: accountingExerciseFecQuery,
      },
    },
    async (request, reply) => {
      const file = await exerciseFec(db, requireCtx(request), request.query);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.get(
    '/api/exportVat/vatSummary',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary:
          "A month's VAT-return (CA3) summary: base and VAT per rate, sales, avoirs and the registers' Z",
        description: `${companyDoc} \`month\` YYYY-MM.`,
        querystring: accountingMonthQuery,
        response: { 200: accountingVatSummary, ...refusals },
      },
    },
    (request) => vatSummary(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/exportVat/customerBalances',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary:
          "The customer accounts at a month's end: each customer's balance beside its 411 auxiliary account, credit held, avoirs outstanding",
        description: `${companyDoc} \`month\` YYYY-MM.`,
        querystring: accountingMonthQuery,
        response: { 200: accountingCustomerBalances, ...refusals },
      },
    },
    (request) => customerBalances(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/exportVat/zPack',
    {
      config: { access: access.readAccount(SERVICE) },
      schema: {
        tags: ['exportVat'],
        summary: "Downloads the month's daily closures (every register's Z) in one PDF, day by day",
        description: `${companyDoc} \`month\` YYYY-MM. Each day carries the establishment's daily closure number, the FEC's PieceRef.`,
        querystring: accountingMonthQuery,
      },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const company = await readableCompany(db, ctx, request.query.idCompany);
      const pdf = await renderZPackPdf(db, app.config, {
        accountId: company.accountId,
        companyId: company.id,
        month: request.query.month,
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${monthPackFileName('z', companySiren(company), request.query.month)}"`,
        )
        .send(pdf);
    },
  );
}
