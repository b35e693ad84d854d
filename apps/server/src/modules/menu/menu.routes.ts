import type { FastifyInstance } from 'fastify';

export async function menuRoutes(_app: FastifyInstance): Promise<void> {}
