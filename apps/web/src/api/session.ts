import type { TokenPair } from '@comptoir/contracts';
import { setAuthState } from './authState';
import {
  AUTH_SCOPE,
  FISCAL_SIGN_IN_PATH,
  SIGN_IN_PATH,
  SIGN_OUT_URL,
  SUB_USER_NO_ACCESS,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_RENEWAL_HOLDER_WAIT_MS,
  tokenRenewalLockName,
} from './constants';
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

/** The auth service refused the refresh token: the tokens are gone and the browser is leaving. */
export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended.');
    this.name = 'SessionEndedError';
  }
}

/** The auth service could not be reached or failed: the tokens are kept and renewal is tried again. */
export class RenewalUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super('The token renewal service is unavailable.', options);
    this.name = 'RenewalUnavailableError';
  }
}

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
    renewal = renewOnce(set, readTokens(localStorage, set).accessToken).finally(() => {
      renewalsInFlight.delete(kind);
    });
    renewalsInFlight.set(kind, renewal);
  }
  return renewal;
}

async function renewOnce(set: TokenSet, staleAccessToken: string | null): Promise<string> {
  return withRenewalLock(set, async () => {
    const { accessToken, refreshToken } = readTokens(localStorage, set);
    // Another tab renewed while this one waited for the lock: its token is ours too.
    if (accessToken && accessToken !== staleAccessToken && !needsRenewal(accessToken, Date.now())) {
      return accessToken;
    }
    if (!refreshToken) {
      endSession(set.kind);
      throw new SessionEndedError();
    }
    let response: Response;
    try {
      response = await fetch(`${set.renewalPath}?refreshToken=${encodeURIComponent(refreshToken)}`, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
    } catch (cause) {
      throw new RenewalUnavailableError({ cause });
    }
    // Overload or outage is not a refusal: keep the tokens and try again at the next check.
    if (response.status >= 500 || response.status === 408 || response.status === 429) {
      throw new RenewalUnavailableError();
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isTokenPair(body)) {
      endSession(set.kind, errorCode(body));
      throw new SessionEndedError();
    }
    storeTokens(localStorage, body, Date.now(), set);
    return body.accessToken;
  });
}

/**
 * Refresh tokens rotate: two tabs (or the change-password page) presenting the same one would lose
 * the session, so the exchange runs under the session's Web Lock. A tab that had to wait for another
 * holder lets that holder's new refresh token reach its localStorage first (Chromium hands it over
 * after the lock), for a while at most.
 */
async function withRenewalLock<T>(set: TokenSet, renew: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return await renew();
  const name = tokenRenewalLockName(set.kind);
  let hasChanged = false;
  let onChange: (() => void) | null = null;
  const handleStorage = (event: StorageEvent) => {
    if (event.key !== set.refreshKey) return;
    hasChanged = true;
    onChange?.();
  };
  const afterHolder = () =>
    hasChanged
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          onChange = resolve;
          window.setTimeout(resolve, TOKEN_RENEWAL_HOLDER_WAIT_MS);
        });
  window.addEventListener('storage', handleStorage);
  try {
    // The lock is held until the callback's promise settles; null: another tab holds it.
    const done = await navigator.locks.request(name, { ifAvailable: true }, async (lock) =>
      lock ? { value: await renew() } : null,
    );
    if (done) return done.value;
    return await navigator.locks.request(name, async () => {
      await afterHolder();
      return await renew();
    });
  } finally {
    window.removeEventListener('storage', handleStorage);
  }
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body as { error: unknown };
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function isTokenPair(body: unknown): body is TokenPair {
  if (typeof body !== 'object' || body === null) return false;
  const { accessToken, refreshToken } = body as Record<string, unknown>;
  return (
    typeof accessToken === 'string' &&
    accessToken !== '' &&
    typeof refreshToken === 'string' &&
    refreshToken !== ''
  );
}
