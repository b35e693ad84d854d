import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bardistribShiftsResponse,
  dispenserCountsQuery,
  dispenserCountsRequest,
  dispenserCountsResponse,
  errorResponse,
  wareAnalysisQuery,
  wareDatasResponse,
  wareDetailsQuery,
  wareDetailsResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { ingestCounts, listShifts, wareDatas, wareDetails } from './bardistrib.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};

const FILTERS_DESCRIPTION =
  '`fromDate`, `toDate`: business days `YYYY-MM-DD` (05:00 to 05:00, Paris). `id_companies`: JSON array of ' +
  'company ids, all readable ones when empty or absent (403 COMPANY_FORBIDDEN for another). `shifts`: JSON ' +
  'array of service ids, read when `shiftsSelected` is `true`.';

/** The ware analysis ("Rapport d'analyse Bardistrib") and the dispensers' counts it reads. */
export async function bardistribRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const readGuards = { config: { access: access.readAccount('sales_reporting') } };

  app.post(
    '/pos/v1/dispensers/counts',
    {
      // The dispenser proves which establishment it serves, with its register's token, before its body is read.
      config: { access: access.register() },
      schema: {
        tags: ['pos'],
        summary:
          "Post a drink dispenser's wares and pours (stored whole or not at all; replays are idempotent)",
        description:
          'Authenticated with `Authorization: Register <token>` of the register named by `registerId`; the ' +
          'counts belong to its establishment. 401 REGISTER_UNAUTHENTICATED, 403 REGISTER_MISMATCH, 409 ' +
          'POUR_CONFLICT, 422 UNKNOWN_WARE, UNKNOWN_PRODUCT, FOREIGN_REFERENCE, CASHED_OUT_OF_SHIFT.',
        querystring: dispenserCountsQuery,
        body: dispenserCountsRequest,
        response: { 200: dispenserCountsResponse, ...errors },
      },
    },
    async (request) => {
      const register = request.posRegister!;
      return db()
        .transaction()
        .execute((trx) => ingestCounts(trx, app.database.bulkInsert, register, request.body));
    },
  );

  app.get(
    '/api/bardistrib/shifts',
    {
      ...readGuards,
      schema: {
        tags: ['bardistrib'],
        summary: 'The shifts (register services) of the period',
        description: FILTERS_DESCRIPTION,
        querystring: wareAnalysisQuery,
        response: { 200: bardistribShiftsResponse, ...errors },
      },
    },
    async (request) => listShifts(db(), requireCtx(request), request.query),
  );

  app.get(
    '/api/bardistrib/ware-datas',
    {
      ...readGuards,
      schema: {
        tags: ['bardistrib'],
        summary: 'Wares per category: units poured in and out of shift against units sold',
        description: FILTERS_DESCRIPTION,
        querystring: wareAnalysisQuery,
        response: { 200: wareDatasResponse, ...errors },
      },
    },
    async (request) => wareDatas(db(), requireCtx(request), request.query),
  );

  app.get(
    '/api/bardistrib/ware-data/details',
    {
      ...readGuards,
      schema: {
        tags: ['bardistrib'],
        summary: "One ware's pours: not cashed, out of shift, cashed",
        description: `${FILTERS_DESCRIPTION} \`wareInfo\`: JSON object with \`id_ware\` (404 WARE_NOT_FOUND).`,
        querystring: wareDetailsQuery,
        response: { 200: wareDetailsResponse, ...errors },
      },
    },
    async (request) => wareDetails(db(), requireCtx(request), request.query),
  );
}
