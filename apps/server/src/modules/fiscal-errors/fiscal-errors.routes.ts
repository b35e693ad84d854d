import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientErrorsBody,
  clientErrorsResponse,
  errorResponse,
  fiscalErrorDetail,
  fiscalErrorParams,
  fiscalErrorsQuery,
  fiscalErrorsResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  fiscalErrorDetail as readDetail,
  listFiscalErrors,
  reportClientErrors,
} from './fiscal-errors.service';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const accessDoc =
  'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as or ' +
  'fiscal; reads only the caller’s account and the establishments it may read.';

/** The errors page (spec 2 §2 « Error list ») and the errors clients report (spec 2 §7). */
export async function fiscalErrorsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const guard = { access: access.readFiscal() };

  app.get(
    '/api/administration-fiscale/errors',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Defects found by the signature check or reported by clients, grouped as the errors page',
        description:
          `${accessDoc} startDate/endDate: business days, both included, optional (all days); a defect ` +
          'with no business day counts on the Paris day it was detected. services: erroneous services; ' +
          'serverClosures: erroneous server closures; technicalInterventions: those of the days asked; ' +
          'other: defects on no service and no server closure (JET, archives, chain heads). 400 INVALID_PERIOD.',
        querystring: fiscalErrorsQuery,
        response: { 200: fiscalErrorsResponse, ...refusals },
      },
    },
    (request) => listFiscalErrors(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/administration-fiscale/errors/:id',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'One defect with the service or server closure it names',
        description: `${accessDoc} 404 DEFECT_NOT_FOUND for an id outside them.`,
        params: fiscalErrorParams,
        response: { 200: fiscalErrorDetail, ...refusals },
      },
    },
    (request) => readDetail(db, requireCtx(request), request.params.id),
  );

  app.post(
    '/api/administration-fiscale/error',
    {
      config: {
        access: access.session({
          callers: ['holder', 'sub_user'],
          service: 'fiscal_administration',
          viewAs: false,
          writes: true,
        }),
      },
      schema: {
        tags: ['fiscal'],
        summary: 'Store errors a client found on registers (source client, code CLIENT_REPORTED)',
        description:
          'Bearer token of kind user (holder, or sub-user with the fiscal_administration service); view_as ' +
          'and fiscal tokens are refused. At most 200 errors, messages of at most 500 characters. Every ' +
          'idCashRegister must be a register of the caller’s account (else 404 REGISTER_NOT_FOUND, nothing stored).',
        body: clientErrorsBody,
        response: { 201: clientErrorsResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const stored = await reportClientErrors(db, requireCtx(request), request.body);
      return reply.code(201).send(stored);
    },
  );
}
