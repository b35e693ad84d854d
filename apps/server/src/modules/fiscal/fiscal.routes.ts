import type { FastifyInstance } from 'fastify';

/** Fiscal administration, read only: closures, tracking, control strips, PDF data (issue 5). */
export async function fiscalRoutes(_app: FastifyInstance): Promise<void> {}
