import type { FastifyRequest } from 'fastify';
import { authError } from '../modules/auth/auth.errors';
import { loadCallerAccess } from '../modules/auth/auth.repository';
import { getJwtSecret, verifyAccessToken } from '../modules/auth/tokens';
import type { RequestContext } from './request-context';

type TokenKind = RequestContext['kind'];

/**
 * `ctx.accountId` of support staff outside a view-as session: a valid uuid that no account has, so
 * tenant filters written as `account_id = ctx.accountId` match nothing instead of failing.
 */
export const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthGuardOptions {
  /** Token kinds the route accepts. */
  kinds: readonly TokenKind[];
  /** View-as-customer sessions are read-only unless a route says otherwise. */
  allowViewAsWrites?: boolean;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  // The spec sends either `Bearer <jwt>` or the bare token in the authorization header.
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : header;
}

/**
 * Builds an onRequest/preHandler hook that verifies the access token, checks that its user is active
 * and its session not revoked, and sets `request.ctx`. 401 UNAUTHENTICATED without a token,
 * ACCESS_TOKEN_EXPIRED, INVALID_TOKEN or SESSION_REVOKED; 403 for a token kind the route refuses.
 */
export function createAuthGuard(options: AuthGuardOptions): (request: FastifyRequest) => Promise<void> {
  return async function authGuard(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw authError('UNAUTHENTICATED');
    const claims = await verifyAccessToken(getJwtSecret(request.server.config), token);
    if (!options.kinds.includes(claims.kind)) {
      throw authError(claims.kind === 'fiscal' ? 'FISCAL_TOKEN_NOT_ALLOWED' : 'FISCAL_TOKEN_REQUIRED');
    }
    if (claims.kind === 'view_as' && !options.allowViewAsWrites && !READ_METHODS.has(request.method)) {
      throw authError('VIEW_AS_READ_ONLY');
    }
    const access = await loadCallerAccess(request.server.database.db, {
      userId: claims.sub,
      accountId: claims.acc,
      sessionId: claims.sid,
      now: new Date(),
    });
    if (!access || !access.isActive || !access.isSessionLive) throw authError('SESSION_REVOKED');
    const isSubUser = claims.role === 'sub_user' && claims.kind === 'user';
    request.ctx = {
      kind: claims.kind,
      userId: claims.sub,
      accountId: claims.acc ?? NO_ACCOUNT_ID,
      role: claims.role,
      groups: claims.groups,
      // A sub-user reads the companies granted to it, or all of the account's when none is granted.
      companyIds:
        isSubUser && access.grantedCompanyIds.length > 0
          ? access.grantedCompanyIds
          : access.accountCompanyIds,
      services: claims.role === 'sub_user' ? access.services : [],
      sessionId: claims.sid,
    };
  };
}

/** Normal routes: user and view-as-customer tokens; a fiscal token gets 403 FISCAL_TOKEN_NOT_ALLOWED. */
export const authenticate = createAuthGuard({ kinds: ['user', 'view_as'] });

/** Fiscal-administration routes reserved to a tax inspector's fiscal token. */
export const authenticateFiscal = createAuthGuard({ kinds: ['fiscal'] });

/** Routes every kind of caller may read (fiscal administration, version information). */
export const authenticateAnyKind = createAuthGuard({ kinds: ['user', 'view_as', 'fiscal'] });

/** The caller's context inside a route guarded by one of the hooks above. */
export function requireCtx(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw authError('UNAUTHENTICATED');
  return request.ctx;
}

/** 403 COMPANY_FORBIDDEN unless the caller may read this company. */
export function assertCompanyReadable(ctx: RequestContext, companyId: string): void {
  if (!ctx.companyIds.includes(companyId)) throw authError('COMPANY_FORBIDDEN');
}
