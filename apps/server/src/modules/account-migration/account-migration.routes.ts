import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  MIGRATION_EMAIL_PROBE_WINDOW,
  MIGRATION_EMAIL_PROBES_PER_WINDOW,
  migrationEmailExistHeaders,
  migrationEmailExistQuery,
  migrationEmailExistResponse,
  migrationEmailUpdateRequest,
  migrationEmailUpdateResponse,
  migrationEmailVerifyRequest,
  migrationEmailVerifyResponse,
  migrationPasswordVerifyRequest,
  migrationPasswordVerifyResponse,
  passwordChangeRequest,
  passwordChangeResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { sendHtmlPage } from '../../platform/html-page';
import { sendOrUndo } from '../../platform/mail';
import { authError } from '../../platform/auth-errors';
import { accountMigrationError } from './account-migration.errors';
import {
  applyEmailChange,
  cancelEmailChange,
  checkCurrentPassword,
  emailExists,
  newPasswordHash,
  prepareEmailChange,
  replacePassword,
  storeEmailChange,
  verificationMail,
  verifyCurrentPassword,
} from './account-migration.service';
import { renderPasswordPage } from './password-page';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse };

/** Per address, on top of the per-user limit on wrong passwords. */
function perMinute(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      errorResponseBuilder: () => authError('TOO_MANY_REQUESTS'),
    },
  };
}

/** Per signed-in user, whichever address or session calls (the access guard has run: `ctx` is set). */
function perUser(max: number, timeWindow: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => (request.ctx ? `user:${request.ctx.userId}` : request.ip),
      errorResponseBuilder: () => authError('TOO_MANY_REQUESTS'),
    },
  };
}

/** A user changing their own credentials: holders and staff in their own session, not sub-users (spec 2 §7). */
const ownCredentials = (writes: boolean) =>
  access.session({ callers: ['holder', 'staff'], viewAs: false, writes });

/** Spec 2 §7 account-migration calls, and the authentication service's change-password page. */
export async function accountMigrationRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account-migration'];

  routes.post(
    '/api/account/migration/password/verify',
    {
      config: { ...perMinute(20), access: ownCredentials(true) },
      schema: {
        tags,
        summary: 'Step 1: checks the current password and answers a 15-minute check token',
        body: migrationPasswordVerifyRequest,
        response: { 200: migrationPasswordVerifyResponse, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyCurrentPassword(db, requireCtx(request), request.body);
    },
  );

  routes.get(
    '/api/account/migration/email/exist',
    {
      config: {
        ...perUser(MIGRATION_EMAIL_PROBES_PER_WINDOW, MIGRATION_EMAIL_PROBE_WINDOW),
        access: ownCredentials(false),
      },
      schema: {
        tags,
        summary: 'Step 2: whether an account already signs in with this e-mail',
        description:
          "Only during the login change: the `x-check-token` header is step 1's live check token of the " +
          `caller's session (403 INVALID_CHECK_TOKEN otherwise); ${MIGRATION_EMAIL_PROBES_PER_WINDOW} calls ` +
          `per user in ${MIGRATION_EMAIL_PROBE_WINDOW} (429 TOO_MANY_REQUESTS).`,
        querystring: migrationEmailExistQuery,
        headers: migrationEmailExistHeaders,
        response: { 200: migrationEmailExistResponse, ...refusals },
      },
    },
    async (request) =>
      emailExists(db, requireCtx(request), {
        email: request.query.email,
        checkToken: request.headers['x-check-token'],
      }),
  );

  routes.post(
    '/api/account/migration/email/update',
    {
      config: { ...perMinute(10), access: ownCredentials(true) },
      schema: {
        tags,
        summary: 'Step 2: mails a verification link to the new e-mail; nothing changes until it is opened',
        body: migrationEmailUpdateRequest,
        response: {
          200: migrationEmailUpdateResponse,
          ...refusals,
          409: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request) => {
      const now = new Date();
      const change = await prepareEmailChange(db, requireCtx(request), request.body, now);
      const requestId = await db.transaction().execute((trx) => storeEmailChange(trx, change, now));
      await sendOrUndo(app.mailer, verificationMail(app.config.publicUrl, change), {
        log: { logger: request.log, message: 'verification mail not delivered', fields: { requestId } },
        undo: () => cancelEmailChange(db, requestId),
        refusal: () => accountMigrationError('MAIL_NOT_SENT'),
      });
      return {
        success: true as const,
        email: change.email,
        expiresAt: change.expiresAt.toISOString(),
      };
    },
  );

  // The link may be opened in any browser: the token is the credential.
  routes.post(
    '/api/account/migration/email/verify',
    {
      config: { ...perMinute(30), access: access.public('the mailed one-time token', { writes: true }) },
      schema: {
        tags,
        summary: 'Applies the e-mail and password change of a verification link',
        body: migrationEmailVerifyRequest,
        response: {
          200: migrationEmailVerifyResponse,
          400: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const success = await db.transaction().execute((trx) => applyEmailChange(trx, request.body.token));
      if (success) request.log.info({ event: 'credentials_migrated' }, 'login e-mail and password changed');
      return { success };
    },
  );

  routes.get(
    '/auth/password',
    {
      config: {
        access: access.public('an HTML page; its form calls POST /auth/password', { writes: false }),
      },
      schema: { tags: ['auth'], summary: 'Change-password page (HTML)' },
    },
    async (_request, reply) => sendHtmlPage(reply, renderPasswordPage()),
  );

  routes.post(
    '/auth/password',
    {
      config: { ...perMinute(20), access: ownCredentials(true) },
      schema: {
        tags: ['auth'],
        summary: "Changes the caller's password and closes the user's other sessions",
        body: passwordChangeRequest,
        response: { 200: passwordChangeResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const now = new Date();
      const user = await checkCurrentPassword(db, ctx, request.body.currentPassword, now);
      const passwordHash = await newPasswordHash(user, request.body.newPassword);
      await db.transaction().execute((trx) => replacePassword(trx, ctx, passwordHash, now));
      request.log.info({ event: 'password_changed', userId: ctx.userId }, 'password changed');
      reply.header('cache-control', 'no-store');
      return { success: true as const };
    },
  );
}
