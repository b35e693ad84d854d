import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  fiscalAccessCheckRequest,
  fiscalAccessCheckResponse,
  fiscalAccessCreateResponse,
  fiscalAccessDecisionResponse,
  fiscalAccessRequestBody,
  fiscalAccessRequestParams,
  supportFiscalAccessRequestsResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { authError } from '../../platform/auth-errors';
import { getJwtSecret } from '../../platform/tokens';
import {
  checkAccess,
  listRequests,
  refuseRequest,
  requestAccess,
  validateRequest,
  type FiscalAccessDeps,
} from './fiscal-access.service';

/** Per address: the same budget as the sign-in page. */
function perMinute(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      errorResponseBuilder: () => authError('TOO_MANY_REQUESTS'),
    },
  };
}

/** Tax-inspector access (spec 2 §2-§8, issue 5): request, validation by the product team, inspector sign-in. */
export async function fiscalAccessRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['fiscal-access'];
  const deps = (request: FastifyRequest): FiscalAccessDeps => ({
    db: app.database.db,
    serverKey: app.serverKey,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    jwtSecret: getJwtSecret(app.config),
    log: request.log,
  });

  app.post(
    '/api/administration-fiscale',
    {
      config: { ...perMinute(10), access: access.writeAccount('fiscal_administration') },
      schema: {
        tags,
        summary: "Asks for a tax inspector's time-limited access to the account; mails the product team",
        description:
          'The holder, or a sub-user with the `fiscal_administration` service, in their own session (a ' +
          "view-as or fiscal token is refused). `askerEmail`: the inspector's address on " +
          '`dgfip.finances.gouv.fr` (400 ASKER_EMAIL_DOMAIN, ASKER_EMAIL_AT_SIGN when the local part ' +
          'holds "@", INVALID_ASKER_EMAIL); `customerEmail`: where the owner hears of the decision, the ' +
          "caller's own address or another active user's of the account (400 INVALID_CUSTOMER_EMAIL, " +
          'CUSTOMER_EMAIL_NOT_IN_ACCOUNT). Answers the stored request (status `pending`).',
        body: fiscalAccessRequestBody,
        response: {
          201: fiscalAccessCreateResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await requestAccess(deps(request), requireCtx(request), request.body);
      return reply.status(201).send({ fiscAccess: [created] });
    },
  );

  app.post(
    '/api/administration-fiscale/check',
    {
      config: {
        ...perMinute(30),
        access: access.public("the mailed token with the inspector's e-mail; rate limited", { writes: true }),
      },
      schema: {
        tags,
        summary: "Inspector sign-in: the mailed token and the inspector's e-mail give a fiscal session",
        description:
          'Public. A validated, unexpired access whose token and e-mail match answers a fiscal token pair ' +
          'reading only the fiscal endpoints of its account until the access ends (renewal at ' +
          '`/api/auth/accessToken/administration-fiscale/`, never beyond). Anything else: 401 ' +
          'FISCAL_ACCESS_REFUSED, whichever part was wrong.',
        body: fiscalAccessCheckRequest,
        response: {
          200: fiscalAccessCheckResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const signedIn = await checkAccess(deps(request), request.body);
      request.log.info(
        {
          event: 'fiscal_sign_in',
          requestId: signedIn.requestId,
          accountId: signedIn.accountId,
          sessionId: signedIn.sessionId,
          ip: request.ip,
        },
        'tax inspector signed in',
      );
      reply.header('cache-control', 'no-store');
      return signedIn.answer;
    },
  );

  const staffOnly = { config: { access: access.staff({ writes: false }) } };
  const staffDecides = { config: { access: access.staff({ writes: true }) } };
  const decisionRefusals = {
    400: errorResponse,
    401: errorResponse,
    403: errorResponse,
    404: errorResponse,
    409: errorResponse,
  };

  app.get(
    '/api/support/fiscal-access-requests',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Tax-inspector access requests, pending first (support staff)',
        response: { 200: supportFiscalAccessRequestsResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async () => ({ requests: await listRequests(app.database.db) }),
  );

  app.post(
    '/api/support/fiscal-access-requests/:id/validate',
    {
      ...staffDecides,
      schema: {
        tags,
        summary: 'Validates a pending request: mails the token to the inspector and tells the owner',
        description:
          'The access runs from now for the chosen duration; a JET "access granted" event is recorded. ' +
          '409 ALREADY_DECIDED for a request already validated or refused; 502 MAIL_NOT_SENT when the ' +
          'token could not be mailed (the request is pending again).',
        params: fiscalAccessRequestParams,
        response: { 200: fiscalAccessDecisionResponse, ...decisionRefusals, 502: errorResponse },
      },
    },
    async (request) => ({
      request: await validateRequest(deps(request), requireCtx(request), request.params.id),
    }),
  );

  app.post(
    '/api/support/fiscal-access-requests/:id/refuse',
    {
      ...staffDecides,
      schema: {
        tags,
        summary: 'Refuses a pending request and tells the owner',
        params: fiscalAccessRequestParams,
        response: { 200: fiscalAccessDecisionResponse, ...decisionRefusals },
      },
    },
    async (request) => ({
      request: await refuseRequest(deps(request), requireCtx(request), request.params.id),
    }),
  );
}
