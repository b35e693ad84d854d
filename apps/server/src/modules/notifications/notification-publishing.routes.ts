import type { FastifyInstance } from 'fastify';

/** Placeholder: filled by the issue-19 work. */
export async function notificationPublishingRoutes(_fastify: FastifyInstance): Promise<void> {}
