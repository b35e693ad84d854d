import type { TokenPair } from '@comptoir/contracts';
import { setAuthState } from './authState';
import {
  AUTH_SCOPE,
  FISCAL_SIGN_IN_PATH,
  SIGN_IN_PATH,
  SIGN_OUT_URL,
  SUB_USER_NO_ACCESS,
  TOKEN_CHECK_INTERVAL_MS,
} from './constants';
import { isTokenPair, renewOnce, SessionEndedError } from './renewal';
import { applyStartupRules, needsRenewal } from './sessionRules';
import {
  activeSessionKind,
  readTokens,
  removeTokens,
  storeTokens,
  TOKEN_SETS,
  type SessionKind,
  type TokenSet,
} from './tokens';

export { SessionEndedError } from './renewal';

export function signInUrl(redirectPath: string): string {
  return `${SIGN_IN_PATH}?scope=${AUTH_SCOPE}&redirect=${encodeURIComponent(redirectPath)}`;
}

export function currentSessionKind(): SessionKind {
  return activeSessionKind(localStorage);
}

function activeSet(): TokenSet {
  return TOKEN_SETS[currentSessionKind()];
}

/** The token the API calls carry: view-as first, then fiscal, then the user's own. */
export function getAccessToken(): string | null {
  return readTokens(localStorage, activeSet()).accessToken;
}

export function goToSignIn(): void {
  const { pathname, search, hash } = window.location;
  window.location.assign(signInUrl(pathname + search + hash));
}

/**
 * Spec §8: a refused renewal removes the session's tokens and reloads. A view-as session falls back
 * to the support user's own; an inspector goes back to the fiscal sign-in; a user without a session
 * sees the unauthorized-service page after the reload.
 */
export function endSession(kind: SessionKind = currentSessionKind(), code?: string): void {
  removeTokens(localStorage, TOKEN_SETS[kind]);
  if (code === SUB_USER_NO_ACCESS) {
    setAuthState('notAuthorised');
    return;
  }
  if (kind === 'fiscal') {
    window.location.assign(FISCAL_SIGN_IN_PATH);
    return;
  }
  window.location.reload();
}

/** Spec §4 logout: view-as session, else fiscal session, else the user's own through the auth service. */
export function signOut(): void {
  const kind = currentSessionKind();
  removeTokens(localStorage, TOKEN_SETS[kind]);
  if (kind === 'viewAs') {
    window.location.reload();
  } else if (kind === 'fiscal') {
    setAuthState('unauthenticated');
    window.location.assign(FISCAL_SIGN_IN_PATH);
  } else {
    window.location.assign(SIGN_OUT_URL);
  }
}

const CONNECT_AS_PATH = /^\/connect-as\/([^/]+)\/?$/;

/**
 * `connect-as/{viewAsCustomerToken}`: the token is exchanged for a view-as session before the portal
 * renders, so that no page calls the API with half a session. Resolves to false when it was refused.
 */
export async function enterViewAs(viewAsCustomerToken: string): Promise<boolean> {
  const set = TOKEN_SETS.viewAs;
  removeTokens(localStorage, set);
  let response: Response;
  try {
    response = await fetch(`${set.renewalPath}?refreshToken=${encodeURIComponent(viewAsCustomerToken)}`, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    return false;
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isTokenPair(body)) return false;
  storeTokens(localStorage, body, Date.now(), set);
  return true;
}

/** Stores a fiscal pair received from the inspector sign-in (spec 2, fisc-connect-as). */
export function enterFiscalSession(pair: TokenPair): void {
  storeTokens(localStorage, pair, Date.now(), TOKEN_SETS.fiscal);
}

/**
 * Applies the startup rules and renews if needed. Resolves to true when the portal may render,
 * false when the browser is already on its way elsewhere.
 */
export async function startSession(): Promise<boolean> {
  const connectAs = CONNECT_AS_PATH.exec(window.location.pathname);
  if (connectAs?.[1] && (await enterViewAs(decodeURIComponent(connectAs[1])))) {
    window.location.replace('/');
    return false;
  }
  const kind = currentSessionKind();
  if (kind === 'user') {
    const outcome = applyStartupRules(localStorage, window.location.search, Date.now());
    if (outcome === 'cleared') {
      window.location.replace('/');
      return false;
    }
    if (outcome === 'unauthenticated') {
      setAuthState('unauthenticated');
      return true;
    }
    if (outcome === 'ready') return true;
  } else {
    const { accessToken } = readTokens(localStorage, TOKEN_SETS[kind]);
    if (accessToken && !needsRenewal(accessToken, Date.now())) return true;
  }
  try {
    await renewTokens(kind);
  } catch (error) {
    // Unreachable auth service: render anyway, the pages show their error state and retry.
    if (error instanceof SessionEndedError) return false;
  }
  return true;
}

/** Spec §4: every 180 s, renew when the access token has 180 s or less left. */
export function startRenewalSchedule(): () => void {
  const timer = window.setInterval(() => {
    const kind = currentSessionKind();
    const { accessToken, refreshToken } = readTokens(localStorage, TOKEN_SETS[kind]);
    if (refreshToken === null) return;
    if (accessToken === null || needsRenewal(accessToken, Date.now())) {
      // Failures are handled inside: an ended session has left, an unreachable service waits for the next tick.
      renewTokens(kind).catch(() => undefined);
    }
  }, TOKEN_CHECK_INTERVAL_MS);
  return () => window.clearInterval(timer);
}

const renewalsInFlight = new Map<SessionKind, Promise<string>>();

/** Exchanges the session's refresh token for a new pair; concurrent callers share one exchange. */
export function renewTokens(kind: SessionKind = currentSessionKind()): Promise<string> {
  let renewal = renewalsInFlight.get(kind);
  if (!renewal) {
    const set = TOKEN_SETS[kind];
    renewal = renewOnce(set, readTokens(localStorage, set).accessToken, (code) =>
      endSession(kind, code),
    ).finally(() => {
      renewalsInFlight.delete(kind);
    });
    renewalsInFlight.set(kind, renewal);
  }
  return renewal;
}
