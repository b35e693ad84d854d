import type { FastifyInstance } from 'fastify';

export async function accountMigrationRoutes(_app: FastifyInstance): Promise<void> {}
