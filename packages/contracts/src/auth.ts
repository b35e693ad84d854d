import { z } from 'zod';
import { emailAddress } from './rules';

export const userGroupName = z.enum(['comptoir-suite', 'espace_client', 'export_product_lines']);
export type UserGroupName = z.infer<typeof userGroupName>;

export const scope = z.string().min(1).max(40);

export const loginRequest = z.object({
  email: emailAddress,
  password: z.string().min(1).max(200),
  scope: scope.default('bo-client'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const accessTokenQuery = z.object({ refreshToken: z.string().min(1) });
export const accessTokenResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** `GET /auth/login`: the sign-in page; `redirect` must be a same-origin path, anything else means `/`. */
export const loginPageQuery = z.object({
  scope: scope.default('bo-client'),
  redirect: z.string().max(2000).optional(),
});
export type LoginPageQuery = z.infer<typeof loginPageQuery>;

/** `POST /auth/logout`: the refresh token comes from the body or, failing that, the `refreshToken` cookie. */
export const logoutRequest = z.object({ refreshToken: z.string().min(1).optional() });
/** `GET /auth/logout`: signs out with the cookie, then goes to the sign-in page with this redirect. */
export const logoutQuery = loginPageQuery.describe('The sign-in page to go to once signed out.');

/**
 * The services a holder grants a sub-user (`sub_user_services`), one per area of the menu
 * (`service_name`): a route of that area and its page in the portal ask for it.
 */
export type SubUserService =
  | 'sales_reporting'
  | 'customer_account'
  | 'accounting_export'
  | 'fiscal_administration'
  | 'partners'
  | 'help'
  | 'news';

/** `GET /api/auth/accessToken/subuser/services` reads the `refreshToken` header (lower-cased by HTTP). */
export const subUserServicesHeaders = z.object({ refreshtoken: z.string().min(1).optional() });
export const subUserServicesResponse = z.object({ services: z.array(z.string()) });
export type SubUserServices = z.infer<typeof subUserServicesResponse>;

/** Every code the authentication service and the auth guard answer with. */
export const authErrorCode = z.enum([
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'ACCESS_TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FISCAL_TOKEN_NOT_ALLOWED',
  'FISCAL_TOKEN_REQUIRED',
  'VIEW_AS_READ_ONLY',
  'COMPANY_FORBIDDEN',
  'INVALID_COMPANY_HEADER',
  'INVALID_DATE_HEADER',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_REQUESTS',
  'INVALID_REFRESH_TOKEN',
  'REFRESH_TOKEN_REVOKED',
  'REFRESH_TOKEN_EXPIRED',
  'WRONG_TOKEN_KIND',
  'SUB_USER_NO_ACCESS',
  'WEAK_PASSWORD',
  'EMAIL_TAKEN',
  'STAFF_ONLY',
  'ROLE_NOT_ALLOWED',
]);
export type AuthErrorCode = z.infer<typeof authErrorCode>;

/** Where the portal and the server-rendered pages keep the user's tokens (localStorage). */
export const USER_TOKEN_STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** When the stored refresh token was issued, in ms since the epoch (the paired access token's `iat`). */
  refreshTokenIssuedAt: 'refreshTokenIssuedAt',
} as const;

/** `GET` with `?refreshToken=`: a new pair for the user's session; the refresh token rotates. */
export const TOKEN_RENEWAL_PATH = '/api/auth/accessToken/';
/** Spec 1 §4: an access token with this many seconds left or fewer is renewed. */
export const TOKEN_RENEWAL_THRESHOLD_SECONDS = 180;
/** Web Lock names start with this; one lock per session kind (`user`, `viewAs`, `fiscal`). */
export const TOKEN_RENEWAL_LOCK = 'comptoir-token-renewal';

/**
 * The Web Lock held while a session's refresh token is exchanged: every tab and page that renews
 * takes it, so that no two present the same refresh token (a reused one revokes the session).
 */
export function tokenRenewalLockName(kind: 'user' | 'viewAs' | 'fiscal'): string {
  return `${TOKEN_RENEWAL_LOCK}-${kind}`;
}
/**
 * A renewal that waited for another tab's lock may still read that tab's previous tokens: Chromium
 * hands localStorage to other tabs later than the lock. It waits this long at most for the new
 * refresh token to arrive before presenting the one it reads.
 */
export const TOKEN_RENEWAL_HOLDER_WAIT_MS = 3000;
