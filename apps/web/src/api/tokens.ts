import type { TokenPair } from '@comptoir/contracts';
import { FISCAL_TOKEN_RENEWAL_PATH, STORAGE_KEYS, TOKEN_RENEWAL_PATH } from './constants';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The portal holds up to three sessions: the user's, a support user's view-as-customer, an inspector's. */
export type SessionKind = 'user' | 'viewAs' | 'fiscal';

export interface TokenSet {
  kind: SessionKind;
  accessKey: string;
  refreshKey: string;
  issuedAtKey: string;
  renewalPath: string;
}

export const TOKEN_SETS: Record<SessionKind, TokenSet> = {
  user: {
    kind: 'user',
    accessKey: STORAGE_KEYS.accessToken,
    refreshKey: STORAGE_KEYS.refreshToken,
    issuedAtKey: STORAGE_KEYS.refreshTokenIssuedAt,
    renewalPath: TOKEN_RENEWAL_PATH,
  },
  viewAs: {
    kind: 'viewAs',
    accessKey: STORAGE_KEYS.viewAsAccessToken,
    refreshKey: STORAGE_KEYS.viewAsCustomerToken,
    issuedAtKey: STORAGE_KEYS.viewAsIssuedAt,
    renewalPath: TOKEN_RENEWAL_PATH,
  },
  fiscal: {
    kind: 'fiscal',
    accessKey: STORAGE_KEYS.fiscalAccessToken,
    refreshKey: STORAGE_KEYS.fiscalRefreshToken,
    issuedAtKey: STORAGE_KEYS.fiscalIssuedAt,
    renewalPath: FISCAL_TOKEN_RENEWAL_PATH,
  },
};

/** Spec §4 logout order: a view-as session first, then a fiscal one, then the user's own. */
export function activeSessionKind(storage: Pick<Storage, 'getItem'>): SessionKind {
  if (storage.getItem(TOKEN_SETS.viewAs.refreshKey) || storage.getItem(TOKEN_SETS.viewAs.accessKey)) {
    return 'viewAs';
  }
  if (storage.getItem(TOKEN_SETS.fiscal.refreshKey) || storage.getItem(TOKEN_SETS.fiscal.accessKey)) {
    return 'fiscal';
  }
  return 'user';
}

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenIssuedAt: number | null;
}

export interface JwtClaims {
  iat?: number;
  exp?: number;
}

export function readTokens(storage: TokenStorage, set: TokenSet = TOKEN_SETS.user): StoredTokens {
  const issuedAt = Number(storage.getItem(set.issuedAtKey));
  return {
    accessToken: storage.getItem(set.accessKey),
    refreshToken: storage.getItem(set.refreshKey),
    refreshTokenIssuedAt: Number.isFinite(issuedAt) && issuedAt > 0 ? issuedAt : null,
  };
}

/**
 * Stores a pair received from the auth service. The refresh token's issue time is taken from the
 * paired access token's `iat` (server clock), so a skewed browser clock or the sub-second gap
 * between issue and storage never makes a fresh access token look older than its refresh token.
 */
export function storeTokens(
  storage: TokenStorage,
  pair: TokenPair,
  nowMs: number,
  set: TokenSet = TOKEN_SETS.user,
): void {
  const iat = decodeJwtClaims(pair.accessToken)?.iat;
  storage.setItem(set.accessKey, pair.accessToken);
  storage.setItem(set.refreshKey, pair.refreshToken);
  storage.setItem(set.issuedAtKey, String(iat === undefined ? nowMs : iat * 1000));
}

export function removeAccessToken(storage: TokenStorage, set: TokenSet = TOKEN_SETS.user): void {
  storage.removeItem(set.accessKey);
}

export function removeTokens(storage: TokenStorage, set: TokenSet = TOKEN_SETS.user): void {
  storage.removeItem(set.accessKey);
  storage.removeItem(set.refreshKey);
  storage.removeItem(set.issuedAtKey);
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
