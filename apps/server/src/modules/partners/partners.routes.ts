import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  connexionTokenRequest,
  connexionTokenResponse,
  errorResponse,
  generateLinkRequest,
  generateLinkResponse,
  ipadTokenRequest,
  ipadTokenResponse,
  partnerCallbackRequest,
  partnerCallbackResponse,
  partnerConnexionResponse,
  partnersResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { authError } from '../../platform/auth-errors';
import {
  generateLink,
  issueConnexionToken,
  issueIpadToken,
  listPartners,
  partnerCallback,
  readConnexion,
  readPartnerCredential,
  type PartnersDeps,
} from './partners.service';

/** Per address, for the routes a partner's server calls with its key. */
const partnerRateLimit = {
  rateLimit: {
    max: 30,
    timeWindow: '1 minute',
    errorResponseBuilder: () => authError('TOO_MANY_REQUESTS'),
  },
};

/** Partner grid, activation, the partner callback and connection tokens (spec 1 §2.6, §4, §7; issue 19). */
export async function partnersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['partners'];
  const deps = (): PartnersDeps => ({ db: app.database.db, serverKey: app.serverKey });

  app.get(
    '/api/partners',
    {
      config: { access: access.readAccount('partners') },
      schema: {
        tags,
        summary: "The partner grid: categories, partners and the account's integration state",
        description:
          'Every category in order (an empty one has no partners), each partner with the state of its ' +
          'integration for the account: `none`, `waiting` (key generated), `validated` (the partner sent ' +
          'its customer id) or `refused`. `canActivate`: a register of the account last ran the iPad app ' +
          '`minAppVersion` or later.',
        response: { 200: partnersResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => listPartners(app.database.db, requireCtx(request)),
  );

  app.post(
    '/api/partnership/ipadToken',
    {
      config: { access: access.writeAccount('partners') },
      schema: {
        tags,
        summary: 'Activation step 1: a short-lived token to generate partner keys with',
        description:
          '403 APP_UPDATE_NEEDED when no register of the account runs the minimum iPad app version. The ' +
          "token is stored hashed and valid for 15 minutes. The body is `{}` or the spec's `{refreshToken}`, " +
          'which is not needed (the session authenticates) and neither read nor kept.',
        body: ipadTokenRequest,
        response: { 200: ipadTokenResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueIpadToken(app.database.db, requireCtx(request));
    },
  );

  app.post(
    '/api/partnership/generate-link',
    {
      config: { access: access.writeAccount('partners') },
      schema: {
        tags,
        summary: 'Activation step 2: a new key for one partner, shown once',
        description:
          'Needs the ipadToken of step 1 (403 IPAD_TOKEN_INVALID). No integration or a waiting or refused ' +
          'one → waiting with a new key (the previous key stops working); 409 PARTNER_ALREADY_VALIDATED, ' +
          'PARTNER_WITHOUT_ACTION; 404 PARTNER_NOT_FOUND. Only the SHA-256 of the key is stored.',
        body: generateLinkRequest,
        response: {
          200: generateLinkResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return generateLink(deps(), requireCtx(request), request.body);
    },
  );

  app.post(
    '/api/partners/connexion-token',
    {
      config: { access: access.writeAccount('partners') },
      schema: {
        tags,
        summary: 'A partner connection token for a validated integration, shown once',
        description:
          'Replaces the previous token of that partner. 409 PARTNER_NOT_VALIDATED, 404 PARTNER_NOT_FOUND. ' +
          'The partner reads `GET /api/partners/connexion` with `Authorization: PartnerToken <token>`.',
        body: connexionTokenRequest,
        response: {
          200: connexionTokenResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueConnexionToken(deps(), requireCtx(request), request.body.partnerId);
    },
  );

  app.post(
    '/api/partners/callback',
    {
      config: {
        ...partnerRateLimit,
        access: access.public('the partner key in `Authorization: PartnerKey`; rate limited', {
          writes: true,
        }),
      },
      schema: {
        tags,
        summary: "The partner's answer: validate (with its customer id) or refuse the integration",
        description:
          "Called by the partner's server with `Authorization: PartnerKey <key>`. `validate`: waiting → " +
          'validated (repeating it with the same customer id changes nothing); `refuse`: waiting or ' +
          'validated → refused. 401 PARTNER_KEY_REFUSED for a missing or unknown key, 409 ' +
          'PARTNER_TRANSITION_REFUSED otherwise; neither changes anything.',
        body: partnerCallbackRequest,
        response: {
          200: partnerCallbackResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) =>
      partnerCallback(
        deps(),
        readPartnerCredential(request.headers.authorization, 'PartnerKey'),
        request.body,
      ),
  );

  app.get(
    '/api/partners/connexion',
    {
      config: {
        ...partnerRateLimit,
        access: access.public('the partner connection token in `Authorization: PartnerToken`; rate limited', {
          writes: false,
        }),
      },
      schema: {
        tags,
        summary: 'For the partner: the account and establishments its connection token is for',
        description:
          '401 PARTNER_KEY_REFUSED for a missing or unknown token, or an integration no longer validated.',
        response: { 200: partnerConnexionResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) =>
      readConnexion(app.database.db, readPartnerCredential(request.headers.authorization, 'PartnerToken')),
  );
}
