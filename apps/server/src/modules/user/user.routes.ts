import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  informationsResponse,
  userLocaleResponse,
  userLocaleUpdate,
  userMe,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { getLocale, getMe, setLocale } from './user.service';
import { VERSIONS } from './versions';

const refusals = { 401: errorResponse, 403: errorResponse };

/** Every signed-in user reads their own profile, a view-as session the viewed one's. */
const everyUser = access.session({ callers: ['holder', 'sub_user', 'staff'], viewAs: true, writes: false });

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/user/me',
    {
      config: { access: everyUser },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user: identity, role, groups, services',
        response: { 200: userMe, ...refusals },
      },
    },
    async (request) => getMe(db, requireCtx(request)),
  );

  routes.get(
    '/api/user/local',
    {
      config: { access: everyUser },
      schema: {
        tags: ['user'],
        summary: "The user's portal language",
        response: { 200: userLocaleResponse, ...refusals },
      },
    },
    async (request) => ({ local: await getLocale(db, requireCtx(request)) }),
  );

  routes.put(
    '/api/user/local',
    {
      config: {
        access: access.session({ callers: ['holder', 'sub_user', 'staff'], viewAs: false, writes: true }),
      },
      schema: {
        tags: ['user'],
        summary: "Changes the user's portal language",
        body: userLocaleUpdate,
        response: { 200: userLocaleResponse, 400: errorResponse, ...refusals },
      },
    },
    async (request) => ({ local: await setLocale(db, requireCtx(request), request.body.local) }),
  );

  routes.get(
    '/api/informations',
    {
      config: {
        access: access.session({
          callers: ['holder', 'sub_user', 'staff', 'inspector'],
          viewAs: true,
          writes: false,
        }),
      },
      schema: {
        tags: ['user'],
        summary: 'Versions of the portal and of the fiscal module',
        response: { 200: informationsResponse, ...refusals },
      },
    },
    async () => VERSIONS,
  );
}
