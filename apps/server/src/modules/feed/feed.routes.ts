import type { FastifyInstance } from 'fastify';

export async function feedRoutes(_app: FastifyInstance): Promise<void> {}
