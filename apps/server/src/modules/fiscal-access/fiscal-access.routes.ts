import type { FastifyInstance } from 'fastify';

/** Tax-inspector access: request, validation by the product team, inspector sign-in (issue 5). */
export async function fiscalAccessRoutes(_app: FastifyInstance): Promise<void> {}
