import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { backupRequest, backupResponse, healthResponse, readyResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../../platform/errors';
import { opsToken, writeBackup } from '../../platform/backup';
import { mayReadMetrics, sendMetrics } from '../../platform/metrics';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: access.public('liveness probe; says nothing about any account', { writes: false }) },
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers (no database call); engine and migrations applied at start',
        response: { 200: healthResponse },
      },
    },
    async () => ({
      status: 'ok' as const,
      db: app.database.engine,
      migrations: app.database.migrations,
    }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ready',
    {
      config: {
        access: access.public('readiness probe; names the dependencies, says nothing about any account', {
          writes: false,
        }),
      },
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database, the file store (and the replica when configured) answer',
        description:
          'Each dependency is asked at once, each within 2 s. 200 `ready` when all answer; 503 `unavailable` ' +
          'with `Retry-After` and the failing checks otherwise.',
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_request, reply) => {
      const answer = await app.readiness.check();
      if (answer.status === 'ready') return answer;
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(answer);
    },
  );

  app.get(
    '/metrics',
    {
      config: {
        access: access.public(
          'operators: from this machine (no proxy in between) or with METRICS_TOKEN; counts and durations, no account data',
          { writes: false },
        ),
      },
      schema: {
        tags: ['platform'],
        summary: 'Prometheus metrics of this instance and of the shared queues (issue 33, part 8)',
        description:
          'Text format 0.0.4: requests and durations per route, records ingested, jobs waiting and the oldest, ' +
          'mail not delivered, defects found. Readable from loopback when no proxy is trusted, or with ' +
          '`Authorization: Bearer <METRICS_TOKEN>`; 403 otherwise.',
      },
    },
    async (request, reply) => {
      const { metricsToken, trustProxy } = app.config;
      if (!mayReadMetrics(request, { token: metricsToken, behindProxy: trustProxy !== false })) {
        throw new AppError(
          403,
          'METRICS_FORBIDDEN',
          'Les métriques se lisent depuis la machine ou avec le jeton METRICS_TOKEN.',
        );
      }
      return sendMetrics(app, reply);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/ops/backup',
    {
      config: {
        access: access.public('operators on this machine only (no proxy in between): writes a backup', {
          writes: true,
        }),
      },
      schema: {
        tags: ['platform'],
        summary: 'Writes a backup of the database and the file store (`npm run backup`, issue 33 part 6)',
        description:
          'Into `DATA_DIR/backups/<name>`. PGlite: a consistent snapshot taken between two statements, ' +
          'without stopping the server; PostgreSQL: pg_dump. Only from loopback when no proxy is trusted, ' +
          'with the `x-comptoir-ops-token` header `npm run backup` derives from the signing key; 403 otherwise.',
        body: backupRequest,
        response: { 200: backupResponse },
      },
    },
    async (request) => {
      const onThisMachine = mayReadMetrics(request, {
        token: undefined,
        behindProxy: app.config.trustProxy !== false,
      });
      const token = request.headers['x-comptoir-ops-token'];
      const expected = opsToken(app.serverKey);
      const tokenOk =
        typeof token === 'string' &&
        token.length === expected.length &&
        crypto.timingSafeEqual(Buffer.from(token), Buffer.from(expected));
      if (!onThisMachine || !tokenOk) {
        throw new AppError(403, 'OPS_FORBIDDEN', 'Une sauvegarde se demande depuis la machine du serveur.');
      }
      const dest = path.join(app.config.dataDir, 'backups', request.body.name);
      if (fs.existsSync(dest)) {
        throw new AppError(
          409,
          'BACKUP_EXISTS',
          'Une sauvegarde porte déjà ce nom : choisissez-en un autre.',
        );
      }
      if (app.database.engine === 'postgres' && !app.config.databaseUrl) {
        throw new AppError(
          409,
          'BACKUP_UNAVAILABLE',
          'La sauvegarde PostgreSQL passe par pg_dump : DATABASE_URL manque.',
        );
      }
      const manifest = await writeBackup(app.database, {
        dataDir: app.config.dataDir,
        dest,
        databaseUrl: app.config.databaseUrl,
      });
      return { dest, files: Object.keys(manifest.files).length, engine: manifest.engine };
    },
  );
}
