import type { FastifyInstance } from 'fastify';

export async function supportRoutes(_app: FastifyInstance): Promise<void> {}
