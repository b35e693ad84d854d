import type { FastifyInstance } from 'fastify';

export async function reportsRoutes(_app: FastifyInstance): Promise<void> {}
