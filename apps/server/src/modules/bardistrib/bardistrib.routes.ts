import type { FastifyInstance } from 'fastify';

export async function bardistribRoutes(_app: FastifyInstance): Promise<void> {}
