import type { AuthErrorCode } from '@comptoir/contracts';

/** Shell constants from the spec (§4, §9) and the auth service's addresses, kept in one place. */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** When the stored refresh token was issued, in ms since the epoch (see storeTokens). */
  refreshTokenIssuedAt: 'refreshTokenIssuedAt',
} as const;

/** Spec §4 and §9: check every 3 minutes, renew when 180 s or less remain. */
export const TOKEN_CHECK_INTERVAL_MS = 180_000;
export const TOKEN_RENEWAL_THRESHOLD_SECONDS = 180;

export const AUTH_SCOPE = 'bo-client';
export const SIGN_IN_PATH = '/auth/login';
export const SIGN_OUT_URL = '/auth/logout?redirect=/';
export const TOKEN_RENEWAL_PATH = '/api/auth/accessToken/';

/** `?clear` in the address wipes local storage once (spec §4). */
export const CLEAR_SESSION_PARAM = 'clear';

/** The only 401 code that is answered by a renewal and one retry. */
export const ACCESS_TOKEN_EXPIRED = 'ACCESS_TOKEN_EXPIRED' satisfies AuthErrorCode;

/** Name of the Web Lock that keeps two tabs from rotating the same refresh token at once. */
export const TOKEN_RENEWAL_LOCK = 'comptoir-token-renewal';
