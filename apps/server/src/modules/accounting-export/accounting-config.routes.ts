import type { FastifyInstance } from 'fastify';

export async function accountingConfigRoutes(fastify: FastifyInstance): Promise<void> {
  void fastify;
}
