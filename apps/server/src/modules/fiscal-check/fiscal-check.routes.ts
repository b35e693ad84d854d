import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashRegisterIdsResponse,
  errorResponse,
  signatureCheckQuery,
  signatureCheckStarted,
  signatureCheckStatus,
  signaturePosBody,
} from '@comptoir/contracts';
import { createAuthGuard, requireCtx } from '../../platform/auth-guard';
import { requireFiscalReader } from '../fiscal/fiscal.routes';
import { runSignatureCheck, SIGNATURE_CHECK_QUEUE } from './fiscal-check.engine';
import { cashRegisterIds, checkStatus, startSignatureCheck } from './fiscal-check.service';

/** A check only reads and records what it finds: view-as and fiscal sessions may start one. */
const authenticateChecker = createAuthGuard({
  kinds: ['user', 'view_as', 'fiscal'],
  allowViewAsWrites: true,
});

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const accessDoc =
  'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as or ' +
  'fiscal; only the caller’s account and companies.';
const datesDoc =
  'startDate and endDate: unix seconds or YYYY-MM-DD, whole Paris business days, both included, at most ' +
  '366 days; 400 INVALID_DATE, REVERSED_DATES, PERIOD_TOO_LONG.';

/** The signature check (issue 6 part 3): a job re-verifies every chain of the account over a range of days. */
export async function fiscalCheckRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const guard = [authenticateChecker, requireFiscalReader];

  app.jobs.register(SIGNATURE_CHECK_QUEUE, (job, jobCtx) =>
    runSignatureCheck({ db, serverKey: app.serverKey }, job, jobCtx),
  );

  app.post(
    '/api/check/signatureServer',
    {
      onRequest: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Starts a signature check of every chain of the account over a range of days',
        description:
          `${accessDoc} ${datesDoc} Checks each register chain (signatures, links, gaps, signed heads), the ` +
          'stored rows against their signed records, closure totals and the JET; defects go to the errors ' +
          'page. Answers the job id at once; poll GET /api/check/jobs/{jobId}.',
        querystring: signatureCheckQuery.omit({ idCashRegister: true }),
        response: { 200: signatureCheckStarted, ...refusals },
      },
    },
    (request) => startSignatureCheck(db, app.jobs, requireCtx(request), request.query),
  );

  app.post(
    '/api/check/signaturePos',
    {
      onRequest: guard,
      schema: {
        tags: ['fiscal'],
        summary:
          'Starts a signature check of one register, comparing the heads it knows with the stored ones',
        description: `${accessDoc} ${datesDoc} 404 REGISTER_NOT_FOUND.`,
        querystring: signatureCheckQuery.required({ idCashRegister: true }),
        body: signaturePosBody,
        response: { 200: signatureCheckStarted, ...refusals },
      },
    },
    (request) => startSignatureCheck(db, app.jobs, requireCtx(request), request.query, request.body),
  );

  app.get(
    '/api/check/jobs/:jobId',
    {
      onRequest: guard,
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
      onRequest: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'The registers that recorded something in the range',
        description: `${accessDoc} ${datesDoc}`,
        querystring: z.object({ startDate: z.string().trim().max(40), endDate: z.string().trim().max(40) }),
        response: { 200: cashRegisterIdsResponse, ...refusals },
      },
    },
    (request) => cashRegisterIds(db, requireCtx(request), request.query),
  );
}
