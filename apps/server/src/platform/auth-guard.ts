import { parisDayOf } from '@comptoir/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SubUserService } from '@comptoir/contracts';
import { authError } from './auth-errors';
import { loadCallerAccess } from './caller-access.repository';
import { getJwtSecret, verifyAccessToken } from './tokens';
import type { PeriodBound, RequestContext, RequestPeriod } from './request-context';

/**
 * `ctx.accountId` of support staff outside a view-as session: a valid uuid that no account has, so
 * tenant filters written as `account_id = ctx.accountId` match nothing instead of failing.
 */
export const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  // The spec sends either `Bearer <jwt>` or the bare token in the authorization header.
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : header;
}

/** What a session route declares (platform/access.ts): who may call, the sub-user's service, view-as. */
export interface SessionRequirement {
  callers: readonly ('holder' | 'sub_user' | 'inspector' | 'staff')[];
  service?: SubUserService;
  viewAs: boolean;
  writes: boolean;
}

/** 403 for a session the declaration does not list, with the code that says why. */
function assertCallerListed(claims: AccessClaims, requirement: SessionRequirement): void {
  const { callers } = requirement;
  if (claims.kind === 'fiscal') {
    if (!callers.includes('inspector')) throw authError('FISCAL_TOKEN_NOT_ALLOWED');
    return;
  }
  if (claims.kind === 'view_as') {
    if (requirement.viewAs && !requirement.writes) return;
    // Support tools are for staff's own session, not for the customer's they are viewing.
    const isStaffOnly = callers.length === 1 && callers[0] === 'staff';
    throw authError(isStaffOnly && !requirement.writes ? 'STAFF_ONLY' : 'VIEW_AS_READ_ONLY');
  }
  if (callers.includes(claims.role === 'holder' ? 'holder' : claims.role)) return;
  if (callers.length === 1 && callers[0] === 'inspector') throw authError('FISCAL_TOKEN_REQUIRED');
  if (callers.length === 1 && callers[0] === 'staff') throw authError('STAFF_ONLY');
  if (claims.role === 'sub_user') throw authError('SUB_USER_NO_ACCESS');
  throw authError('ROLE_NOT_ALLOWED');
}

type AccessClaims = Awaited<ReturnType<typeof verifyAccessToken>>;

/**
 * The guard of a session route: verifies the access token, refuses a caller the declaration does
 * not list, checks that the user is active and the session not revoked, and sets `request.ctx`.
 * 401 UNAUTHENTICATED without a token, ACCESS_TOKEN_EXPIRED, INVALID_TOKEN or SESSION_REVOKED;
 * 403 FISCAL_TOKEN_NOT_ALLOWED, FISCAL_TOKEN_REQUIRED, VIEW_AS_READ_ONLY, STAFF_ONLY,
 * SUB_USER_NO_ACCESS or ROLE_NOT_ALLOWED for a caller it does not admit.
 */
export async function authenticateSession(
  request: FastifyRequest,
  requirement: SessionRequirement,
): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw authError('UNAUTHENTICATED');
  const claims = await verifyAccessToken(getJwtSecret(request.server.config), token);
  assertCallerListed(claims, requirement);
  const access = await loadCallerAccess(request.server.database.db, {
    userId: claims.sub,
    accountId: claims.acc,
    sessionId: claims.sid,
    now: new Date(),
  });
  if (!access || !access.isActive || !access.isSessionLive) throw authError('SESSION_REVOKED');
  const isSubUser = claims.role === 'sub_user' && claims.kind === 'user';
  const services = claims.role === 'sub_user' ? access.services : [];
  if (
    isSubUser &&
    requirement.service &&
    !mayUseService({ role: claims.role, groups: claims.groups, services }, requirement.service)
  ) {
    throw authError('SUB_USER_NO_ACCESS');
  }
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
    edition: access.edition,
    companyIds,
    selectedCompanyIds: selected ?? companyIds,
    ...(period ? { period } : {}),
    services,
    sessionId: claims.sid,
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
/** PostgreSQL has no year 0, and Paris's midnight of 1 January 1 is still year 0 in UTC. */
const FIRST_STORABLE_DAY = '0001-01-02';

function parsePeriodBound(value: HeaderValue): PeriodBound | null {
  const text = headerText(value);
  if (text === undefined) return null;
  if (isoDay.safeParse(text).success && text >= FIRST_STORABLE_DAY) return { day: text, at: null };
  if (isoInstant.safeParse(text).success) {
    const at = new Date(text);
    if (at >= new Date(`${FIRST_STORABLE_DAY}T00:00:00Z`)) return { day: parisDayOf(at), at };
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
export function mayUseService(
  ctx: Pick<RequestContext, 'role' | 'groups' | 'services'>,
  serviceName: string | null,
): boolean {
  if (serviceName === null || ctx.role !== 'sub_user' || ctx.groups.includes('espace_client')) return true;
  return ctx.services.includes(serviceName);
}
