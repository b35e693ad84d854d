import { CLEAR_SESSION_PARAM, STORAGE_KEYS, TOKEN_RENEWAL_THRESHOLD_SECONDS } from './constants';
import { decodeJwtClaims, readTokens, removeAccessToken, secondsLeft, type TokenStorage } from './tokens';

/** What the portal must do once the startup rules have tidied the stored tokens. */
export type StartupOutcome =
  /** Local storage was wiped because of `?clear`: reload on the home page. */
  | 'cleared'
  /** No refresh token: the unauthorized-service page offers the sign-in (spec §2.1). */
  | 'unauthenticated'
  /** A refresh token but no usable access token: renew before rendering. */
  | 'renew'
  | 'ready';

/** Spec §4, startup session rules, applied in the spec's order. */
export function applyStartupRules(
  storage: TokenStorage & Pick<Storage, 'clear'>,
  search: string,
  nowMs: number,
): StartupOutcome {
  if (new URLSearchParams(search).has(CLEAR_SESSION_PARAM)) {
    storage.clear();
    return 'cleared';
  }
  const { accessToken, refreshToken, refreshTokenIssuedAt } = readTokens(storage);
  if (!refreshToken) {
    removeAccessToken(storage);
    storage.removeItem(STORAGE_KEYS.refreshTokenIssuedAt);
    return 'unauthenticated';
  }
  if (accessToken && isRefreshTokenNewer(refreshTokenIssuedAt, accessToken)) {
    removeAccessToken(storage);
    return 'renew';
  }
  if (!accessToken || needsRenewal(accessToken, nowMs)) return 'renew';
  return 'ready';
}

/** An access token older than the stored refresh token belongs to an earlier session. */
export function isRefreshTokenNewer(refreshTokenIssuedAt: number | null, accessToken: string): boolean {
  const iat = decodeJwtClaims(accessToken)?.iat;
  if (iat === undefined) return true;
  // Without a recorded issue time (tokens written by the sign-in page) nothing says the pair is mixed.
  return refreshTokenIssuedAt !== null && Math.floor(refreshTokenIssuedAt / 1000) > iat;
}

export function needsRenewal(accessToken: string, nowMs: number): boolean {
  return secondsLeft(accessToken, nowMs) <= TOKEN_RENEWAL_THRESHOLD_SECONDS;
}
