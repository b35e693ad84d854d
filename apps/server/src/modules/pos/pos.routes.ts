import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchRequest,
  batchResponse,
  catalogRequest,
  customerAccountChangesQuery,
  customerAccountChangesResponse,
  enrollRegisterRequest,
  enrollRegisterResponse,
  errorResponse,
  registerParams,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import type { RegisterRow } from '../../db/schema/pos';
import { mailTabTicket } from '../customer-accounts/customer-tickets.mail';
import { afterIngestion } from './pos.after-ingestion';
import { ingestBatch, type IngestionEffects } from './pos.ingestion';
import * as service from './pos.service';

declare module 'fastify' {
  interface FastifyRequest {
    posRegister?: RegisterRow;
  }
}

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  409: errorResponse,
  422: errorResponse,
};

/**
 * The guard of `access.register()` routes, run before the body is even read: the register named by
 * the path (`registerId`), or by the query for a dispenser's counts, must be the one whose token is sent.
 */
export async function authenticateRegisterRequest(request: FastifyRequest): Promise<void> {
  const named = { ...(request.query as object), ...(request.params as object) } as { registerId?: unknown };
  request.posRegister = await service.authenticateRegister(
    request.server.database.db,
    request.headers.authorization,
    typeof named.registerId === 'string' ? named.registerId : '',
  );
}

/** A rate refusal tells the register when to send again (`Retry-After`, seconds). */
async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const retryAfter = (err as { details?: { retryAfterSeconds?: number } }).details?.retryAfterSeconds;
    if (retryAfter) void reply.header('retry-after', String(retryAfter));
    throw err;
  }
}

/** The ingestion API used by cash registers. */
export async function posRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.post(
    '/pos/v1/registers',
    {
      config: { access: access.session({ callers: ['holder'], viewAs: false, writes: true }) },
      schema: {
        tags: ['pos'],
        summary: 'Enrol a cash register for one establishment (account holder)',
        body: enrollRegisterRequest,
        response: { 201: enrollRegisterResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.enrollRegister(db(), requireCtx(request), request.body, app.serverKey);
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/pos/v1/registers/:registerId/catalog',
    {
      config: { access: access.register() },
      schema: {
        tags: ['pos'],
        summary: "Synchronise the register's catalogue and floor plan",
        params: registerParams,
        body: catalogRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const register = request.posRegister!;
      await service.putCatalog(db(), register, request.body);
      return reply.status(204).send(null);
    },
  );

  const limits = app.config.posBatchLimits;
  app.post(
    '/pos/v1/registers/:registerId/batches',
    {
      config: { access: access.register() },
      // A body sent without its length is cut here (PAYLOAD_TOO_LARGE); an announced one is refused below.
      bodyLimit: limits.maxBytes,
      schema: {
        tags: ['pos'],
        summary: 'Post a batch of signed records (stored whole or not at all; replays are idempotent)',
        description:
          `Per register: at most ${limits.maxRecords} records and ${limits.maxBytes} bytes a batch (413 ` +
          `BATCH_TOO_LARGE: split it), ${limits.perMinute} batches a minute (429 BATCH_RATE_LIMITED with ` +
          'Retry-After), counted in the database all instances share.',
        params: registerParams,
        body: batchRequest,
        response: { 200: batchResponse, ...errors, 413: errorResponse, 429: errorResponse },
      },
      // Before the body is read: its announced size, and the register's rate.
      preParsing: async (request, reply) => {
        service.assertBatchSize({ bytes: Number(request.headers['content-length'] ?? 0) }, limits);
        await withRetryAfter(reply, service.assertUnderRate(db(), request.posRegister!.id, limits.perMinute));
      },
      preValidation: async (request) => {
        const records = (request.body as { records?: unknown } | undefined)?.records;
        service.assertBatchSize({ records: Array.isArray(records) ? records.length : 0 }, limits);
      },
    },
    async (request, reply) => {
      const register = request.posRegister!;
      const effects: IngestionEffects = { customerOperations: [], dailyClosures: [] };
      const answer = await withRetryAfter(
        reply,
        ingestBatch(app.database, register, request.body, app.serverKey, effects, limits),
      );
      const ticketDeps = { db: db(), files: app.files, config: app.config, mailer: app.mailer };
      await afterIngestion(
        {
          db: db(),
          mailer: app.mailer,
          log: request.log,
          mailTabTicket: (args) => mailTabTicket(ticketDeps, args),
        },
        register,
        effects,
      );
      return answer;
    },
  );

  app.get(
    '/pos/v1/customer-accounts',
    {
      config: { access: access.register() },
      schema: {
        tags: ['pos'],
        summary: "Customer accounts and options the back office changed for the register's establishment",
        querystring: customerAccountChangesQuery,
        response: { 200: customerAccountChangesResponse, ...errors },
      },
    },
    async (request) => service.customerAccountChanges(db(), request.posRegister!, request.query),
  );
}
