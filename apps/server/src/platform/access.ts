import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { SubUserService } from '@comptoir/contracts';
import { authenticateSession } from './auth-guard';

/** Who signs in with a Bearer token of their own session. */
export type Caller = 'holder' | 'sub_user' | 'inspector' | 'staff';

export interface SessionAccess {
  /** Which sessions may call: account holders (customer-space users too), sub-users, inspectors, staff. */
  callers: readonly Caller[];
  /** A sub-user also needs this menu service (spec 1 §2.3). */
  service?: SubUserService;
  /** A support member's "view as customer" session may call it; never a route that writes. */
  viewAs: boolean;
  /** Changes state, starts a job or sends mail, whatever its HTTP method: view-as is then refused. */
  writes: boolean;
}

/** Who may call a route: declared next to its schema as `config: { access }`, enforced before anything else. */
export type RouteAccess =
  | ({ kind: 'session' } & SessionAccess)
  | { kind: 'register'; writes: true }
  | { kind: 'public'; writes: boolean; why: string };

/** One row of the route table: what the isolation matrix calls for every role. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** Added by a plugin (API documentation, portal files) rather than declared by a module. */
  isPluginRoute: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route with its access, as declared (HEAD routes that Fastify adds are left out). */
    accessTable: DeclaredRoute[];
  }
}

export const access = {
  /** Signed-in callers of the listed kinds. */
  session: (declaration: SessionAccess): RouteAccess => ({ kind: 'session', ...declaration }),
  /** The account's data, read by its holder, its sub-users with the service, and view-as sessions. */
  readAccount: (service?: SubUserService): RouteAccess =>
    access.session({
      callers: ['holder', 'sub_user'],
      ...(service ? { service } : {}),
      viewAs: true,
      writes: false,
    }),
  /** The account's data, changed (or a job started, a mail sent) by its holder or sub-users with the service. */
  writeAccount: (service?: SubUserService): RouteAccess =>
    access.session({
      callers: ['holder', 'sub_user'],
      ...(service ? { service } : {}),
      viewAs: false,
      writes: true,
    }),
  /**
   * A setting of the whole account (every establishment's): changed by its holder only, never by a
   * sub-user (whatever its establishments and services) nor a view-as session (issue 31, item 1).
   */
  writeHolder: (): RouteAccess => access.session({ callers: ['holder'], viewAs: false, writes: true }),
  /** Fiscal records, read by the holder, sub-users with fiscal_administration, inspectors and view-as. */
  readFiscal: (): RouteAccess =>
    access.session({
      callers: ['holder', 'sub_user', 'inspector'],
      service: 'fiscal_administration',
      viewAs: true,
      writes: false,
    }),
  /**
   * A fiscal act that records something (a check, an archive, a job, a mail): the holder, sub-users
   * with fiscal_administration and inspectors, never a view-as session.
   */
  writeFiscal: (): RouteAccess =>
    access.session({
      callers: ['holder', 'sub_user', 'inspector'],
      service: 'fiscal_administration',
      viewAs: false,
      writes: true,
    }),
  /** Comptoir support staff in their own session (never a view-as one). */
  staff: (options: { writes: boolean }): RouteAccess =>
    access.session({ callers: ['staff'], viewAs: false, ...options }),
  /** A cash register with its `Authorization: Register <token>` (or its dispenser). */
  register: (): RouteAccess => ({ kind: 'register', writes: true }),
  /** Anyone: the reason says what protects it instead (a signed link, a password, a one-time token...). */
  public: (why: string, options: { writes: boolean }): RouteAccess => ({ kind: 'public', why, ...options }),
};

/** The `x-access` extension of an OpenAPI operation: the declaration as a reader (or a test) sees it. */
export type AccessExtension =
  | { callers: Caller[]; service?: SubUserService; viewAs: boolean; writes: boolean }
  | { public: true; writes: boolean }
  | { register: true; writes: true };

export function accessExtension(declaration: RouteAccess): AccessExtension {
  if (declaration.kind === 'public') return { public: true, writes: declaration.writes };
  if (declaration.kind === 'register') return { register: true, writes: true };
  const { callers, service, viewAs, writes } = declaration;
  return { callers: [...callers], ...(service ? { service } : {}), viewAs: viewAs && !writes, writes };
}

/**
 * Routes that plugins add without a declaration: the API documentation and the portal's static
 * files (GET only, outside the API prefixes). Every other route must declare its access.
 */
function pluginRouteAccess(route: RouteOptions): RouteAccess | undefined {
  const methods = [route.method].flat();
  if (!methods.every((m) => m === 'GET' || m === 'HEAD')) return undefined;
  if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
    return access.public('API documentation', { writes: false });
  }
  if (/^\/(api|pos|data|auth)(\/|$)/.test(route.url)) return undefined;
  return access.public('portal file', { writes: false });
}

export interface AccessControlOptions {
  /** Authenticates a cash register's token for the route (sets what the register routes read). */
  authenticateRegister(request: FastifyRequest): Promise<void>;
}

/** The credentials the `security` of each operation names. */
export const OPENAPI_SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Access token of a user, view-as-customer or tax-inspector (fiscal) session, from /auth/login',
  },
  registerToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: "A cash register's credential from POST /pos/v1/registers, sent as `Register <token>`",
  },
} as const;

const SECURITY = {
  session: [{ accessToken: [] }],
  register: [{ registerToken: [] }],
  public: [],
} as const;

function accessSentence(declaration: RouteAccess): string {
  if (declaration.kind === 'public') return `Access: public (${declaration.why}).`;
  if (declaration.kind === 'register') return 'Access: a cash register (Authorization: Register <token>).';
  const who = declaration.callers.join(', ');
  const service = declaration.service ? `; a sub-user needs the ${declaration.service} service` : '';
  const viewAs = declaration.viewAs && !declaration.writes ? '; view-as sessions read it' : '; no view-as';
  return `Access: ${who}${service}${viewAs}${declaration.writes ? '; writes' : ''}.`;
}

/**
 * Every route states who may call it: this hook puts the guard of its declaration first in its
 * `onRequest` chain and shows the declaration in the OpenAPI document. A route without one makes
 * the server fail at start-up.
 */
export function installAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  const table: DeclaredRoute[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    const declaration = declared ?? pluginRouteAccess(route);
    if (!declaration) {
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no access (config.access)`);
    }
    route.config = { ...route.config, access: declaration };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && declared && [route.method].flat().length === 1) continue;
      table.push({ method, url: route.url, access: declaration, isPluginRoute: !declared });
    }
    const guard = guardFor(declaration, options);
    if (guard) route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    if (!schema.hide) {
      schema.security = SECURITY[declaration.kind];
      schema['x-access'] = accessExtension(declaration);
      // The HEAD twin of a GET shares its schema: the sentence is added once.
      const sentence = accessSentence(declaration);
      const description = typeof schema.description === 'string' ? schema.description : '';
      if (!description.endsWith(sentence))
        schema.description = description ? `${description}\n\n${sentence}` : sentence;
    }
  });
}

function guardFor(
  declaration: RouteAccess,
  options: AccessControlOptions,
): ((request: FastifyRequest) => Promise<void>) | undefined {
  if (declaration.kind === 'public') return undefined;
  if (declaration.kind === 'register') return (request) => options.authenticateRegister(request);
  return (request) => authenticateSession(request, declaration);
}
