import type { FastifyInstance } from 'fastify';

export async function dataExportRoutes(_app: FastifyInstance): Promise<void> {}
