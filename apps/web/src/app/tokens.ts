import type { TokenPair } from '@comptoir/contracts';
import { STORAGE_KEYS } from './constants';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenIssuedAt: number | null;
}

export interface JwtClaims {
  iat?: number;
  exp?: number;
}

export function readTokens(storage: TokenStorage): StoredTokens {
  const issuedAt = Number(storage.getItem(STORAGE_KEYS.refreshTokenIssuedAt));
  return {
    accessToken: storage.getItem(STORAGE_KEYS.accessToken),
    refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
    refreshTokenIssuedAt: Number.isFinite(issuedAt) && issuedAt > 0 ? issuedAt : null,
  };
}

/**
 * Stores a pair received from the auth service. The refresh token's issue time is taken from the
 * paired access token's `iat` (server clock), so a skewed browser clock or the sub-second gap
 * between issue and storage never makes a fresh access token look older than its refresh token.
 */
export function storeTokens(storage: TokenStorage, pair: TokenPair, nowMs: number): void {
  const iat = decodeJwtClaims(pair.accessToken)?.iat;
  storage.setItem(STORAGE_KEYS.accessToken, pair.accessToken);
  storage.setItem(STORAGE_KEYS.refreshToken, pair.refreshToken);
  storage.setItem(STORAGE_KEYS.refreshTokenIssuedAt, String(iat === undefined ? nowMs : iat * 1000));
}

export function removeAccessToken(storage: TokenStorage): void {
  storage.removeItem(STORAGE_KEYS.accessToken);
}

export function removeTokens(storage: TokenStorage): void {
  storage.removeItem(STORAGE_KEYS.accessToken);
  storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.removeItem(STORAGE_KEYS.refreshTokenIssuedAt);
}

/** Reads a JWT's payload without verifying it: the server verifies, the portal only schedules. */
export function decodeJwtClaims(token: string): JwtClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== 'object' || claims === null) return null;
    const { iat, exp } = claims as Record<string, unknown>;
    return {
      ...(typeof iat === 'number' ? { iat } : {}),
      ...(typeof exp === 'number' ? { exp } : {}),
    };
  } catch {
    return null;
  }
}

/** Seconds before the access token expires; -Infinity when it carries no readable expiry. */
export function secondsLeft(accessToken: string, nowMs: number): number {
  const exp = decodeJwtClaims(accessToken)?.exp;
  return exp === undefined ? -Infinity : exp - nowMs / 1000;
}
