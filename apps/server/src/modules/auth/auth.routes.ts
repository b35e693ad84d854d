import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessTokenQuery,
  accessTokenResponse,
  errorResponse,
  loginPageQuery,
  loginRequest,
  logoutQuery,
  logoutRequest,
  subUserServicesHeaders,
  subUserServicesResponse,
  tokenPair,
} from '@comptoir/contracts';
import type { TokenKind } from '../../db/schema/identity';
import { access } from '../../platform/access';
import { sendHtmlPage } from '../../platform/html-page';
import { authError } from '../../platform/auth-errors';
import { onSignedIn, renewTokens, signIn, signOut, subUserServices } from './auth.service';
import { renderLoginPage, safeRedirect } from './login-page';
import { getJwtSecret, REFRESH_TOKEN_TTL_MS } from '../../platform/tokens';

const REFRESH_COOKIE = 'refreshToken';
const USER_TOKEN_KINDS: readonly TokenKind[] = ['user', 'view_as'];
const FISCAL_TOKEN_KINDS: readonly TokenKind[] = ['fiscal'];
const refusals = { 401: errorResponse };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const secret = getJwtSecret(app.config);
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: app.config.publicUrl.startsWith('https:'),
  } as const;

  function setRefreshCookie(reply: FastifyReply, refreshToken: string): void {
    reply.setCookie(REFRESH_COOKIE, refreshToken, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_MS / 1000 });
  }

  routes.get(
    '/auth/login',
    {
      config: { access: access.public('the sign-in page', { writes: false }) },
      schema: { tags: ['auth'], summary: 'Sign-in page (HTML)', querystring: loginPageQuery },
    },
    async (request, reply) => sendHtmlPage(reply, renderLoginPage(request.query)),
  );

  routes.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signs in with e-mail and password; answers an access and a refresh token',
        body: loginRequest,
        response: { 200: tokenPair, ...refusals, 429: errorResponse },
      },
      config: {
        access: access.public('the password; rate limited per address and per e-mail', { writes: true }),
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          errorResponseBuilder: () => authError('TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request, reply) => {
      const signedIn = await signIn(db, secret, { ...request.body, ip: request.ip });
      await onSignedIn(request.log, signedIn, { db, serverKey: app.serverKey, email: request.body.email });
      setRefreshCookie(reply, signedIn.tokens.refreshToken);
      reply.header('cache-control', 'no-store');
      return signedIn.tokens;
    },
  );

  routes.post(
    '/auth/logout',
    {
      config: { access: access.public('the refresh token it revokes', { writes: true }) },
      schema: {
        tags: ['auth'],
        summary: 'Signs out: revokes the session of the refresh token (body or cookie)',
        body: logoutRequest.nullish(),
      },
    },
    async (request, reply) => {
      await signOut(db, request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/auth/logout',
    {
      config: { access: access.public('the refresh cookie it revokes', { writes: true }) },
      schema: {
        tags: ['auth'],
        summary: 'Signs out the refresh cookie and redirects to the sign-in page',
        querystring: logoutQuery,
      },
    },
    async (request, reply) => {
      await signOut(db, request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      const next = new URLSearchParams({
        scope: request.query.scope,
        redirect: safeRedirect(request.query.redirect),
      });
      return reply.redirect(`/auth/login?${next.toString()}`);
    },
  );

  // The spec's paths end with a slash; the bare path is served too, hidden from the docs. The fiscal
  // variant renews only fiscal sessions, whose refresh token never goes to the portal's cookie.
  const renewals = [
    { base: '/api/auth/accessToken', kinds: USER_TOKEN_KINDS },
    { base: '/api/auth/accessToken/administration-fiscale', kinds: FISCAL_TOKEN_KINDS },
  ];
  for (const { base, kinds } of renewals) {
    for (const [path, hide] of [
      [`${base}/`, false],
      [base, true],
    ] as const) {
      routes.get(
        path,
        {
          config: { access: access.public('the refresh token it rotates', { writes: true }) },
          schema: {
            hide,
            tags: ['auth'],
            summary: 'Renews the access token: the refresh token is rotated (reuse revokes the session)',
            querystring: accessTokenQuery,
            response: { 200: accessTokenResponse, ...refusals },
          },
        },
        async (request, reply) => {
          const { tokens, kind } = await renewTokens(db, secret, request.query.refreshToken, kinds);
          if (kind === 'user') setRefreshCookie(reply, tokens.refreshToken);
          reply.header('cache-control', 'no-store');
          return tokens;
        },
      );
    }
  }

  routes.get(
    '/api/auth/accessToken/subuser/services',
    {
      config: {
        access: access.public('the refresh token sent in the refreshtoken header', { writes: false }),
      },
      schema: {
        tags: ['auth'],
        summary: "The services of the refresh token's sub-user",
        headers: subUserServicesHeaders,
        response: { 200: subUserServicesResponse, ...refusals, 403: errorResponse },
      },
    },
    async (request) => {
      const token = request.headers.refreshtoken;
      if (!token) throw authError('UNAUTHENTICATED');
      return { services: await subUserServices(db, token) };
    },
  );
}
