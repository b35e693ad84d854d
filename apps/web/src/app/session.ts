import type { TokenPair } from '@comptoir/contracts';
import {
  AUTH_SCOPE,
  SIGN_IN_PATH,
  SIGN_OUT_URL,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_RENEWAL_LOCK,
  TOKEN_RENEWAL_PATH,
} from './constants';
import { applyStartupRules, needsRenewal } from './sessionRules';
import { readTokens, removeTokens, storeTokens } from './tokens';

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

export function getAccessToken(): string | null {
  return readTokens(localStorage).accessToken;
}

export function goToSignIn(): void {
  const { pathname, search, hash } = window.location;
  window.location.assign(signInUrl(pathname + search + hash));
}

/** Spec §8: renewal failure removes both tokens and sends the user to the sign-in page. */
export function endSession(): void {
  removeTokens(localStorage);
  goToSignIn();
}

/** The server revokes the session (cookie) and shows the sign-in page; local tokens go first. */
export function signOut(): void {
  removeTokens(localStorage);
  window.location.assign(SIGN_OUT_URL);
}

/**
 * Applies the startup rules and renews if needed. Resolves to true when the portal may render,
 * false when the browser is already on its way elsewhere.
 */
export async function startSession(): Promise<boolean> {
  const outcome = applyStartupRules(localStorage, window.location.search, Date.now());
  if (outcome === 'cleared') {
    window.location.replace('/');
    return false;
  }
  if (outcome === 'signIn') {
    goToSignIn();
    return false;
  }
  if (outcome === 'renew') {
    try {
      await renewTokens();
    } catch (error) {
      // Unreachable auth service: render anyway, the pages show their error state and retry.
      if (error instanceof SessionEndedError) return false;
    }
  }
  return true;
}

/** Spec §4: every 180 s, renew when the access token has 180 s or less left. */
export function startRenewalSchedule(): () => void {
  const timer = window.setInterval(() => {
    const { accessToken } = readTokens(localStorage);
    if (accessToken === null || needsRenewal(accessToken, Date.now())) {
      // Failures are handled inside: an ended session has left, an unreachable service waits for the next tick.
      renewTokens().catch(() => undefined);
    }
  }, TOKEN_CHECK_INTERVAL_MS);
  return () => window.clearInterval(timer);
}

let renewalInFlight: Promise<string> | null = null;

/** Exchanges the refresh token for a new pair; concurrent callers share one exchange. */
export function renewTokens(): Promise<string> {
  renewalInFlight ??= renewOnce(getAccessToken()).finally(() => {
    renewalInFlight = null;
  });
  return renewalInFlight;
}

async function renewOnce(staleAccessToken: string | null): Promise<string> {
  return withRenewalLock(async () => {
    const { accessToken, refreshToken } = readTokens(localStorage);
    // Another tab renewed while this one waited for the lock: its token is ours too.
    if (accessToken && accessToken !== staleAccessToken && !needsRenewal(accessToken, Date.now())) {
      return accessToken;
    }
    if (!refreshToken) {
      endSession();
      throw new SessionEndedError();
    }
    let response: Response;
    try {
      response = await fetch(`${TOKEN_RENEWAL_PATH}?refreshToken=${encodeURIComponent(refreshToken)}`, {
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
    const body: unknown = response.ok ? await response.json().catch(() => null) : null;
    if (!isTokenPair(body)) {
      endSession();
      throw new SessionEndedError();
    }
    storeTokens(localStorage, body, Date.now());
    return body.accessToken;
  });
}

async function withRenewalLock<T>(renew: () => Promise<T>): Promise<T> {
  // Refresh tokens rotate: two tabs presenting the same one would lose the session.
  if ('locks' in navigator) return await navigator.locks.request(TOKEN_RENEWAL_LOCK, renew);
  return await renew();
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
