import type { FastifyInstance } from 'fastify';

export async function mailboxRoutes(_app: FastifyInstance): Promise<void> {}
