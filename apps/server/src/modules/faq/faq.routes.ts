import type { FastifyInstance } from 'fastify';

/** Placeholder: filled by the issue-19 work. */
export async function faqRoutes(_fastify: FastifyInstance): Promise<void> {}
