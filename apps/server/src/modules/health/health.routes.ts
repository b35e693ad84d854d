import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: access.public('liveness probe; says nothing about any account', { writes: false }) },
      schema: {
        tags: ['platform'],
        summary: 'Liveness: database engine and migrations applied',
        response: { 200: healthResponse },
      },
    },
    async () => ({
      status: 'ok' as const,
      db: app.database.engine,
      migrations: app.database.migrations,
    }),
  );
}
