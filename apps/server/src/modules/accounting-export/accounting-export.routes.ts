import type { FastifyInstance } from 'fastify';

export async function accountingExportRoutes(fastify: FastifyInstance): Promise<void> {
  void fastify;
}
