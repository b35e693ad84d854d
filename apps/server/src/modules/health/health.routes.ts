import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '@comptoir/contracts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { tags: ['platform'], response: { 200: healthResponse } } }, async () => ({
      status: 'ok' as const,
      db: app.database.engine,
      migrations: app.database.migrations,
    }));
}
