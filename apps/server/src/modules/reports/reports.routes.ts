import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  controlStripQuery,
  controlStripResponse,
  errorResponse,
  reportQuery,
  reportSettings,
  salesAnalysisQuery,
  salesAnalysisResponse,
  shiftDetailsQuery,
  shiftDetailsResponse,
  weekdayDetailsResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  controlStrip,
  getReportSettings,
  saveReportSettings,
  salesAnalysis,
  shiftDetails,
  weekdayDetails,
} from './reports.service';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const headersDoc =
  'Establishments from `x-id-company` (all readable ones when absent), business days from ' +
  '`x-date-begin`..`x-date-end` (the last 7 days ending today, Paris, when absent; at most 366 days, ' +
  'else 400 PERIOD_TOO_LONG). 403 COMPANY_FORBIDDEN for an establishment the caller may not read, ' +
  'SUB_USER_NO_ACCESS for a sub-user without the sales_reporting service.';

export async function reportsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.get(
    '/api/reports/sales-analysis',
    {
      config: { access: access.readAccount('sales_reporting') },
      schema: {
        tags: ['reports'],
        summary: 'Sales figures of the period and the one before, series and breakdowns, from daily rollups',
        description: `${headersDoc} \`activity\`: activity types (1 on site, 2 takeaway, 3 delivery), comma-separated.`,
        querystring: salesAnalysisQuery,
        response: { 200: salesAnalysisResponse, ...refusals },
      },
    },
    (request) => salesAnalysis(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/reports/shift-details',
    {
      config: { access: access.readAccount('sales_reporting') },
      schema: {
        tags: ['reports'],
        summary: 'One page of the services (shifts) per register, newest first, with payments and cash',
        description:
          `${headersDoc} \`page\` (from 1) and \`pageSize\` (10 by default, at most 500); \`total\` and ` +
          '`totals` cover every shift of the period. Shifts are not split by activity type: `activity` is ' +
          'accepted and ignored.',
        querystring: shiftDetailsQuery,
        response: { 200: shiftDetailsResponse, ...refusals },
      },
    },
    (request) => shiftDetails(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/reports/weekday-details',
    {
      config: { access: access.readAccount('sales_reporting') },
      schema: {
        tags: ['reports'],
        summary: 'Weekday x hour turnover and orders, and averages per weekday',
        description: `${headersDoc} Weekdays are those of the business day, hours the Paris hour of each order's closing.`,
        querystring: reportQuery,
        response: { 200: weekdayDetailsResponse, ...refusals },
      },
    },
    (request) => weekdayDetails(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/reports/control-strip',
    {
      config: { access: access.readAccount('sales_reporting') },
      schema: {
        tags: ['reports'],
        summary: "A shift's control strip: its shift and sales documents in time order",
        description: '404 SERVICE_NOT_FOUND when no establishment the caller may read holds the service.',
        querystring: controlStripQuery,
        response: { 200: controlStripResponse, ...refusals, 404: errorResponse },
      },
    },
    (request) => controlStrip(db, requireCtx(request), request.query.serviceId),
  );

  app.get(
    '/api/reports/settings',
    {
      config: { access: access.readAccount('sales_reporting') },
      schema: {
        tags: ['reports'],
        summary: "The caller's report preferences (defaults when none are saved)",
        response: { 200: reportSettings, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => getReportSettings(db, requireCtx(request)),
  );

  app.put(
    '/api/reports/settings',
    {
      config: { access: access.writeAccount('sales_reporting') },
      schema: {
        tags: ['reports'],
        summary: "Saves the caller's report preferences",
        description:
          '403 COMPANY_FORBIDDEN for a default establishment the caller may not read, VIEW_AS_READ_ONLY ' +
          'in a view-as-customer session, ACCOUNT_REQUIRED for support staff in their own session.',
        body: reportSettings,
        response: { 200: reportSettings, ...refusals },
      },
    },
    (request) => saveReportSettings(db, requireCtx(request), request.body),
  );
}
