import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authError } from '../modules/auth/auth.errors';
import { loadCallerAccess } from '../modules/auth/auth.repository';
import { getJwtSecret, verifyAccessToken } from '../modules/auth/tokens';
import { parisDay } from './dates';
import type { PeriodBound, RequestContext, RequestPeriod } from './request-context';

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
    // A sub-user reads the companies granted to it, or all of the account's when none is granted.
    const companyIds =
      isSubUser && access.grantedCompanyIds.length > 0 ? access.grantedCompanyIds : access.accountCompanyIds;
    const selected = parseCompanyHeader(request.headers['x-id-company']);
    if (selected?.some((id) => !companyIds.includes(id))) throw authError('COMPANY_FORBIDDEN');
    const period = parsePeriodHeaders(request.headers['x-date-begin'], request.headers['x-date-end']);
    request.ctx = {
      kind: claims.kind,
      userId: claims.sub,
      accountId: claims.acc ?? NO_ACCOUNT_ID,
      role: claims.role,
      groups: claims.groups,
      companyIds,
      selectedCompanyIds: selected ?? companyIds,
      ...(period ? { period } : {}),
      services: claims.role === 'sub_user' ? access.services : [],
      sessionId: claims.sid,
    };
  };
}

type HeaderValue = string | string[] | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A header sent twice reaches Node joined by commas, or as an array for some clients. */
function headerText(value: HeaderValue): string | undefined {
  const text = (Array.isArray(value) ? value.join(',') : value)?.trim();
  return text ? text : undefined;
}

/**
 * `x-id-company`: one company id or several separated by commas (spec §7, reporting helper);
 * undefined when absent or empty, 400 INVALID_COMPANY_HEADER when an element is not a uuid.
 */
export function parseCompanyHeader(value: HeaderValue): string[] | undefined {
  const text = headerText(value);
  if (text === undefined) return undefined;
  const ids = text.split(',').map((part) => part.trim().toLowerCase());
  if (ids.some((id) => !UUID.test(id))) throw authError('INVALID_COMPANY_HEADER');
  return [...new Set(ids)];
}

const isoDay = z.iso.date();
const isoInstant = z.iso.datetime({ offset: true });

function parsePeriodBound(value: HeaderValue): PeriodBound | null {
  const text = headerText(value);
  if (text === undefined) return null;
  if (isoDay.safeParse(text).success) return { day: text, at: null };
  if (isoInstant.safeParse(text).success) {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime())) return { day: parisDay(at), at };
  }
  throw authError('INVALID_DATE_HEADER');
}

/**
 * `x-date-begin` / `x-date-end`: each a `YYYY-MM-DD` date or an ISO 8601 datetime with its offset;
 * undefined when both are absent, 400 INVALID_DATE_HEADER when malformed or begin after end.
 */
export function parsePeriodHeaders(begin: HeaderValue, end: HeaderValue): RequestPeriod | undefined {
  const period = { begin: parsePeriodBound(begin), end: parsePeriodBound(end) };
  if (!period.begin && !period.end) return undefined;
  if (period.begin && period.end) {
    const isReversed =
      period.begin.at && period.end.at ? period.begin.at > period.end.at : period.begin.day > period.end.day;
    if (isReversed) throw authError('INVALID_DATE_HEADER');
  }
  return period;
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

/**
 * True when the caller may use a menu service (spec §2.3): a sub-user only the services it was
 * given, everyone else (holders, staff, customer-space users) all of them; null is everyone's.
 */
export function mayUseService(ctx: RequestContext, serviceName: string | null): boolean {
  if (serviceName === null || ctx.role !== 'sub_user' || ctx.groups.includes('espace_client')) return true;
  return ctx.services.includes(serviceName);
}

/** A hook after one of the guards: 403 SUB_USER_NO_ACCESS for a sub-user without this service. */
export function requireService(serviceName: string): (request: FastifyRequest) => Promise<void> {
  return async function serviceGuard(request: FastifyRequest): Promise<void> {
    if (!mayUseService(requireCtx(request), serviceName)) throw authError('SUB_USER_NO_ACCESS');
  };
}

/** A hook after `authenticate`: 403 STAFF_ONLY unless Comptoir support staff call in their own session. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  const ctx = requireCtx(request);
  if (ctx.role !== 'staff' || ctx.kind !== 'user') throw authError('STAFF_ONLY');
}
