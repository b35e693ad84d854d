import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import {
  createJsonSchemaTransformObject,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './db/database';
import { authError } from './platform/auth-errors';
import { registerErrorHandler } from './platform/errors';
import { answerFrameworkError, registerTextInputGuard } from './platform/text-input';
import { secretSafeLoggerOptions } from './platform/logging';
import {
  API_DOCS_CONTENT_SECURITY_POLICY,
  helmetOptions,
  registerDownloadCaching,
  withSecurityHeaders,
} from './platform/security-headers';
import { access, installAccessControl, OPENAPI_SECURITY_SCHEMES } from './platform/access';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { userRoutes } from './modules/user/user.routes';
import { authenticateRegisterRequest, posRoutes } from './modules/pos/pos.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { supportRoutes } from './modules/support/support.routes';
import { accountMigrationRoutes } from './modules/account-migration/account-migration.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { bardistribRoutes } from './modules/bardistrib/bardistrib.routes';
import { accountingConfigRoutes } from './modules/accounting-export/accounting-config.routes';
import { accountingExportRoutes } from './modules/accounting-export/accounting-export.routes';
import { accountingPackRoutes } from './modules/accounting-export/accounting-pack.routes';
import { accountingCache } from './modules/accounting-export/accounting-kept.store';
import { customerAccountsRoutes } from './modules/customer-accounts/customer-accounts.routes';
import { customerHistoryRoutes } from './modules/customer-accounts/customer-history.routes';
import { customerAccountDetailRoutes } from './modules/customer-accounts/customer-account-detail.routes';
import { customerPaymentRoutes } from './modules/customer-accounts/customer-payments.routes';
import { customerTicketsRoutes } from './modules/customer-accounts/customer-tickets.routes';
import { customerDunningRoutes } from './modules/customer-accounts/customer-dunning.routes';
import { feedRoutes } from './modules/feed/feed.routes';
import { fiscalAccessRoutes } from './modules/fiscal-access/fiscal-access.routes';
import { fiscalRoutes } from './modules/fiscal/fiscal.routes';
import { dataHostRoutes } from './modules/data-host/data-host.routes';
import { fiscalArchivesRoutes } from './modules/fiscal-archives/fiscal-archives.routes';
import { fiscalCheckRoutes } from './modules/fiscal-check/fiscal-check.routes';
import { fiscalKeysRoutes } from './modules/fiscal-keys/fiscal-keys.routes';
import { fiscalErrorsRoutes } from './modules/fiscal-errors/fiscal-errors.routes';
import { documentationRoutes } from './modules/documentation/documentation.routes';
import { partnersRoutes } from './modules/partners/partners.routes';
import { ouilinkRoutes } from './modules/ouilink/ouilink.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { faqRoutes } from './modules/faq/faq.routes';
import { notificationPublishingRoutes } from './modules/notifications/notification-publishing.routes';
import { sponsorshipRoutes } from './modules/sponsorship/sponsorship.routes';
import { jetRoutes } from './modules/jet/jet.routes';
import { serverClosuresRoutes } from './modules/server-closures/server-closures.routes';
import { recordServerLifecycle } from './modules/jet/jet.service';
import { createMailer, type Mailer } from './platform/mail';
import type { FileStorage } from './platform/files';
import { createFileStorage, FILE_RETENTION } from './platform/file-store';
import { attachHousekeeping } from './platform/housekeeping';
import { sharedRateLimitStore } from './platform/rate-limits';
import { attachJobRunner } from './platform/job-runner';
import { attachMailOutbox } from './platform/mail-outbox';
import { sweepTmpFiles } from './platform/tmp-sweep';
import { attachReadiness } from './platform/readiness';
import { attachMetrics } from './platform/metrics';
import { loadServerKey, type ServerKey } from './platform/server-key';
import { checkJwtSecret } from './platform/deployment-identity';
import { getJwtSecret } from './platform/tokens';
import { registerServerKey } from './modules/fiscal-keys/fiscal-keys.service';

/** Marks the demo loader's in-process requests, which are not logged one by one. */
export const DEMO_LOADER_HEADER = 'x-comptoir-demo-loader';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** pino options (level, stream, transport); `false` silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    mailer: Mailer;
    files: FileStorage;
    /** Signs the server's own fiscal records (JET events...). */
    serverKey: ServerKey;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : secretSafeLoggerOptions({
            level: deps.config.logLevel,
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
          }),
    bodyLimit: 16 * 1024 * 1024,
    frameworkErrors: withSecurityHeaders(deps.config, answerFrameworkError),
    // The demo loader's in-process calls would print two lines per batch on the first start.
    logController: new LogController({
      disableRequestLogging: (request) => request.headers[DEMO_LOADER_HEADER] === '1',
    }),
    // Off unless TRUST_PROXY names the proxies: X-Forwarded-For would otherwise pick the address
    // that the per-IP limits count.
    trustProxy: deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  const files = createFileStorage(deps.config, deps.database);
  app.decorate('files', files);
  const mailer = createMailer(deps.config, deps.database.db, files);
  app.decorate('mailer', mailer);
  app.decorate('serverKey', loadServerKey(deps.config));
  // The deployment's one signing identity, checked before this instance writes anything (issue 33).
  await checkSigningIdentity(app);
  // `/api/ready` asks these; a dependency added later (file store, replica) joins with `app.readiness.add`.
  attachReadiness(app);
  // Requests and durations per route for `/metrics`: hooked before any route.
  attachMetrics(app);
  // The accounting cache is a memo of what the code computed: the code may have changed with the
  // release, so what it kept is computed again.
  await accountingCache(deps.database.db, app.files).forget();
  app.addHook('onClose', async () => mailer.close());
  // Modules register their job handlers below; the worker runs from ready to close.
  attachJobRunner(app);
  // Failed mail is tried again from ready to close, on every instance.
  attachMailOutbox(app);
  // A write killed mid-way leaves its .tmp: swept at start, old ones only (another instance may write).
  app.addHook('onReady', async () => {
    const removed = await sweepTmpFiles(path.join(deps.config.dataDir, 'files'));
    if (removed.length > 0) app.log.info({ removed }, 'unfinished writes swept');
  });
  attachHousekeeping(app, FILE_RETENTION);
  registerErrorHandler(app);
  registerTextInputGuard(app);
  registerDownloadCaching(app);

  // First: every answer, errors and 404s included, carries the security headers.
  await app.register(helmet, helmetOptions(deps.config));
  await app.register(cookie);
  // Every limit answers 429 TOO_MANY_REQUESTS in French unless its route names its own code; every
  // instance on the database counts into the same rows.
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(deps.database.db),
    errorResponseBuilder: () => authError('TOO_MANY_REQUESTS'),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Comptoir API',
        version: '0.1.0',
        description: 'Back office of the Comptoir point of sale: reports, fiscal records, POS ingestion.',
        license: { name: 'Proprietary' },
      },
      // Relative: "Try it out" calls whichever address serves the page (CSP allows only 'self').
      servers: [{ url: '/', description: 'this server' }],
      components: { securitySchemes: OPENAPI_SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    // Named schemas (`.meta({ id })`, e.g. the recursive MenuItem) become the document's components, in
    // OpenAPI 3.0's dialect like the rest (the library's default writes them in JSON Schema 2020-12).
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: API_DOCS_CONTENT_SECURITY_POLICY,
    // The UI would ask validator.swagger.io about the document.
    uiConfig: { validatorUrl: null },
  });

  // Before any route: each one's declared access becomes its first hook (and fails start-up if missing).
  installAccessControl(app, { authenticateRegister: authenticateRegisterRequest });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(posRoutes);
  await app.register(dashboardRoutes);
  await app.register(menuRoutes);
  await app.register(notificationsRoutes);
  await app.register(dataExportRoutes);
  await app.register(accountingConfigRoutes);
  await app.register(accountingExportRoutes);
  await app.register(accountingPackRoutes);
  await app.register(mailboxRoutes);
  await app.register(supportRoutes);
  await app.register(accountMigrationRoutes);
  await app.register(reportsRoutes);
  await app.register(bardistribRoutes);
  await app.register(customerAccountsRoutes);
  await app.register(customerHistoryRoutes);
  await app.register(customerTicketsRoutes);
  await app.register(customerAccountDetailRoutes);
  await app.register(customerPaymentRoutes);
  await app.register(customerDunningRoutes);
  await app.register(feedRoutes);
  await app.register(fiscalAccessRoutes);
  await app.register(fiscalRoutes);
  await app.register(dataHostRoutes);
  await app.register(fiscalArchivesRoutes);
  await app.register(fiscalCheckRoutes);
  await app.register(fiscalKeysRoutes);
  await app.register(fiscalErrorsRoutes);
  await app.register(documentationRoutes);
  await app.register(partnersRoutes);
  await app.register(ouilinkRoutes);
  await app.register(videosRoutes);
  await app.register(faqRoutes);
  await app.register(notificationPublishingRoutes);
  await app.register(sponsorshipRoutes);
  await app.register(jetRoutes);
  await app.register(serverClosuresRoutes);

  recordLifecycleInJournal(app);
  registerSpa(app, deps.config.webDist);
  return app;
}

/**
 * Refuses to start an instance that would sign with another key than the deployment's, or issue
 * tokens the other instances refuse: the server key is published (or is the current one, or
 * replaces it deliberately: SERVER_KEY_ROTATION), then the tokens' key is compared with the one
 * recorded (JWT_SECRET_ROTATION=1 changes it, as does a key rotation when it derives from the key).
 */
async function checkSigningIdentity(app: FastifyInstance): Promise<void> {
  const { config, database, serverKey } = app;
  const key = await registerServerKey(database.db, serverKey, { rotation: config.serverKeyRotation });
  // A tokens' key derived from the signing key changes with it: the rotation says so for both.
  const rotate = config.jwtSecretRotation || (key === 'rotated' && !config.jwtSecret);
  const jwt = await checkJwtSecret(database.db, getJwtSecret(config), { rotate });
  if (jwt === 'rotated')
    app.log.warn('the access tokens key changed (JWT_SECRET_ROTATION): every user signs in again');
}

/**
 * JET 10 once the server listens (after the demo is loaded on a first start), 11 when a server that
 * listened closes cleanly. In-process apps (tests, `inject`) never listen and record neither.
 */
function recordLifecycleInJournal(app: FastifyInstance): void {
  // listen() does not wait for onListen hooks: the stop waits for the start's event instead.
  let started: Promise<void> | null = null;
  const record = async (event: 'started' | 'stopped') => {
    try {
      await recordServerLifecycle(app.database.db, app.serverKey, event);
    } catch (err) {
      app.log.error({ err, event }, 'could not record the server lifecycle in the technical events journal');
    }
  };
  app.addHook('onListen', async () => {
    started = record('started');
    await started;
  });
  app.addHook('preClose', async () => {
    if (!started) return;
    await started;
    await record('stopped');
  });
}

/** Serves the built portal; any other GET that is not an API path gets index.html (deep links). */
function registerSpa(app: FastifyInstance, webDist: string): void {
  const index = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(index);
  if (hasSpa) {
    void app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  // A portal page whose path carries a credential is a declared route: the log hides it by name.
  for (const url of ['/connect-as/:viewAsCustomerToken', '/connect-as/:viewAsCustomerToken/']) {
    app.get(
      url,
      {
        config: {
          access: access.public('portal page; the portal exchanges the view-as token of its path', {
            writes: false,
          }),
        },
        schema: { hide: true },
      },
      (_request, reply) =>
        hasSpa ? reply.type('text/html').send(fs.readFileSync(index)) : reply.callNotFound(),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|pos|data)(\/|$)/.test(request.url);
    if (!isApi && request.method === 'GET' && hasSpa) {
      return reply.type('text/html').send(fs.readFileSync(index));
    }
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `Route ${request.method} ${request.url} not found` } });
  });
}
