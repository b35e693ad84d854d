import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashRegisterIdsQuery,
  cashRegisterIdsResponse,
  errorResponse,
  signatureCheckStarted,
  signatureCheckStatus,
  signaturePosBody,
  signaturePosQuery,
  signatureServerQuery,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { runSignatureCheck, SIGNATURE_CHECK_QUEUE } from './fiscal-check.engine';
import { cashRegisterIds, checkStatus, startSignatureCheck } from './fiscal-check.service';

/** Starting a check queues a job that records what it finds: inspectors may, view-as sessions may not. */
const startsCheck = {
  access: access.writeFiscal(),
};

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const accessDoc =
  'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as or ' +
  'fiscal; only the caller’s account and companies.';
const datesDoc =
  'startDate and endDate: unix seconds or YYYY-MM-DD, whole Paris business days, both included, from ' +
  '2000-01-01 to 31 December of the current year, at most 366 days; 400 INVALID_DATE, REVERSED_DATES, ' +
  'DATE_OUT_OF_RANGE, PERIOD_TOO_LONG.';

/** The signature check (issue 6 part 3): a job re-verifies every chain of the account over a range of days. */
export async function fiscalCheckRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const guard = { access: access.readFiscal() };

  app.jobs.register(SIGNATURE_CHECK_QUEUE, (job, jobCtx) =>
    runSignatureCheck({ db, serverKey: app.serverKey }, job, jobCtx),
  );

  app.post(
    '/api/check/signatureServer',
    {
      config: startsCheck,
      schema: {
        tags: ['fiscal'],
        summary: 'Starts a signature check of every chain of the account over a range of days',
        description:
          `${accessDoc} ${datesDoc} Checks each register chain (signatures, links, gaps, signed heads), the ` +
          'stored rows against their signed records, closure totals and the JET; defects go to the errors ' +
          'page. Answers the job id at once; poll GET /api/check/jobs/{jobId}.',
        querystring: signatureServerQuery,
        response: { 200: signatureCheckStarted, ...refusals },
      },
    },
    (request) => startSignatureCheck(db, app.jobs, requireCtx(request), request.query),
  );

  app.post(
    '/api/check/signaturePos',
    {
      config: startsCheck,
      schema: {
        tags: ['fiscal'],
        summary:
          'Starts a signature check of one register, comparing the heads it knows with the stored ones',
        description: `${accessDoc} ${datesDoc} 404 REGISTER_NOT_FOUND.`,
        querystring: signaturePosQuery,
        body: signaturePosBody,
        response: { 200: signatureCheckStarted, ...refusals },
      },
    },
    (request) => startSignatureCheck(db, app.jobs, requireCtx(request), request.query, request.body),
  );

  app.get(
    '/api/check/jobs/:jobId',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Where a signature check stands: status, progress, seconds left, result',
        description: `${accessDoc} 404 JOB_NOT_FOUND for another account's job.`,
        params: z.object({ jobId: z.coerce.number().int().positive() }),
        response: { 200: signatureCheckStatus, ...refusals },
      },
    },
    (request) => checkStatus(db, requireCtx(request), request.params.jobId),
  );

  app.get(
    '/api/administration-fiscale/check/fetchIdsCashRegisters',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'The registers that recorded something in the range',
        description: `${accessDoc} ${datesDoc}`,
        querystring: cashRegisterIdsQuery,
        response: { 200: cashRegisterIdsResponse, ...refusals },
      },
    },
    (request) => cashRegisterIds(db, requireCtx(request), request.query),
  );
}
