import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchRequest,
  batchResponse,
  catalogRequest,
  enrollRegisterRequest,
  enrollRegisterResponse,
  errorResponse,
  registerParams,
} from '@comptoir/contracts';
import { authenticate, requireCtx } from '../../platform/auth-guard';
import type { RegisterRow } from '../../db/schema/pos';
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

/** The ingestion API used by cash registers. */
export async function posRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  // The register proves who it is before its body is even read.
  const authenticateRegister = async (request: FastifyRequest<{ Params: { registerId: string } }>) => {
    request.posRegister = await service.authenticateRegister(
      db(),
      request.headers.authorization,
      request.params.registerId,
    );
  };

  app.post(
    '/pos/v1/registers',
    {
      onRequest: authenticate,
      schema: {
        tags: ['pos'],
        summary: 'Enrol a cash register for one establishment (account holder)',
        body: enrollRegisterRequest,
        response: { 201: enrollRegisterResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.enrollRegister(db(), requireCtx(request), request.body);
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/pos/v1/registers/:registerId/catalog',
    {
      onRequest: authenticateRegister,
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

  app.post(
    '/pos/v1/registers/:registerId/batches',
    {
      onRequest: authenticateRegister,
      schema: {
        tags: ['pos'],
        summary: 'Post a batch of signed records (stored whole or not at all; replays are idempotent)',
        params: registerParams,
        body: batchRequest,
        response: { 200: batchResponse, ...errors },
      },
    },
    async (request) => {
      const register = request.posRegister!;
      return service.ingestBatch(app.database, register, request.body, app.serverKey);
    },
  );
}
