import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  decodeOuilinkUserInfo,
  errorResponse,
  ouilinkHealthResponse,
  ouilinkResponse,
  ouilinkStandinQuery,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { sendHtmlPage } from '../../platform/html-page';
import { isHealthUrlUp } from './ouilink.health';
import { openPartnerLink } from './ouilink.service';
import { renderCataloguePage, renderOnboardingPage } from './ouilink-standin.pages';
import { verifyOuilinkToken } from './ouilink.token';

const STANDIN_PREFIX = '/partner-standin/ouilink';
const errors = { 401: errorResponse, 403: errorResponse };

/** The partner link (spec 1 §2.6, §7 `POST ouilink resource`) and the local stand-in of the partner's site. */
export async function ouilinkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  const isPartnerUp = async (log: FastifyInstance['log']): Promise<boolean> => {
    if (config.ouilinkHealthUrl)
      return isHealthUrlUp(config.ouilinkHealthUrl, config.ouilinkHealthTimeoutMs, log);
    const answer = await app.inject({ method: 'GET', url: `${STANDIN_PREFIX}/health` });
    return answer.statusCode === 200;
  };

  app.post(
    '/api/ouilink',
    {
      // It issues a token that signs the account in at the partner's: a write, never in view-as.
      config: { access: access.writeAccount('partners') },
      schema: {
        tags: ['partners'],
        summary:
          "Opens the partner link: a token for the partner's page, its onboarding data, or maintenance",
        description:
          'With a validated OuiLink integration (the partner reported its customer id): `ouiLinkAccessToken`, ' +
          'a 5-minute EdDSA JWT signed with the server key (audience `ouilink`, `sub` the partner customer id), ' +
          'and `partnerUrl`, opened with `k=<token>`. Otherwise `noToken` with `userInfo` (establishment of ' +
          '`x-id-company`, first by name, and the account holder) and `onboardingUrl`, opened with ' +
          '`c=<base64(JSON userInfo)>`. `maintenance` when the partner is marked unavailable or its health ' +
          'address does not answer 2xx in time.',
        response: { 200: ouilinkResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openPartnerLink(
        {
          db: app.database.db,
          serverKey: app.serverKey,
          issuer: config.publicUrl,
          partnerUrl: config.ouilinkUrl,
          onboardingUrl: config.ouilinkOnboardingUrl,
          isPartnerUp: () => isPartnerUp(request.log),
        },
        requireCtx(request),
      );
    },
  );

  await app.register(ouilinkStandinRoutes, { prefix: STANDIN_PREFIX });
}

/**
 * The partner's pages as a fresh install shows them in the `ouilink` frame. Unlike the other
 * server-rendered pages they may be framed, by the portal only (same origin).
 */
async function ouilinkStandinRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  app.addHook('onSend', async (_request, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
    }
    reply.header('x-frame-options', 'SAMEORIGIN');
    return payload;
  });

  app.get(
    '/catalogue',
    {
      config: {
        access: access.public('the partner stand-in: the page checks the signed token `k`', {
          writes: false,
        }),
      },
      schema: {
        tags: ['partners'],
        summary: "Stand-in of the partner's direct page (HTML): greets the restaurant of a valid `k`",
        querystring: ouilinkStandinQuery,
      },
    },
    async (request, reply) => {
      const claims = request.query.k
        ? await verifyOuilinkToken(app.serverKey, config.publicUrl, request.query.k)
        : null;
      // A page either way: the refusal is said on it (the API's 4xx answers are JSON errors).
      return sendHtmlPage(reply, renderCataloguePage(claims));
    },
  );

  app.get(
    '/inscription',
    {
      config: {
        access: access.public('the partner stand-in: shows back what `c` carries, stores nothing', {
          writes: false,
        }),
      },
      schema: {
        tags: ['partners'],
        summary: "Stand-in of the partner's onboarding page (HTML): a sign-up form prefilled from `c`",
        querystring: ouilinkStandinQuery,
      },
    },
    async (request, reply) => {
      const userInfo = request.query.c ? decodeOuilinkUserInfo(request.query.c) : null;
      return sendHtmlPage(reply, renderOnboardingPage(userInfo));
    },
  );

  app.get(
    '/health',
    {
      config: { access: access.public('the partner stand-in: says it is up', { writes: false }) },
      schema: {
        tags: ['partners'],
        summary: "Stand-in of the partner's health address",
        response: { 200: ouilinkHealthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
}
