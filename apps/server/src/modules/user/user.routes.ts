import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  informationsResponse,
  userLocaleResponse,
  userLocaleUpdate,
  userMe,
} from '@comptoir/contracts';
import { authenticate, authenticateAnyKind, requireCtx } from '../../platform/auth-guard';
import { getLocale, getMe, setLocale } from './user.service';
import { VERSIONS } from './versions';

const refusals = { 401: errorResponse, 403: errorResponse };

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/user/me',
    { onRequest: authenticate, schema: { tags: ['user'], response: { 200: userMe, ...refusals } } },
    async (request) => getMe(db, requireCtx(request)),
  );

  routes.get(
    '/api/user/local',
    {
      onRequest: authenticate,
      schema: { tags: ['user'], response: { 200: userLocaleResponse, ...refusals } },
    },
    async (request) => ({ local: await getLocale(db, requireCtx(request)) }),
  );

  routes.put(
    '/api/user/local',
    {
      onRequest: authenticate,
      schema: {
        tags: ['user'],
        body: userLocaleUpdate,
        response: { 200: userLocaleResponse, 400: errorResponse, ...refusals },
      },
    },
    async (request) => ({ local: await setLocale(db, requireCtx(request), request.body.local) }),
  );

  routes.get(
    '/api/informations',
    {
      onRequest: authenticateAnyKind,
      schema: { tags: ['user'], response: { 200: informationsResponse, ...refusals } },
    },
    async () => VERSIONS,
  );
}
