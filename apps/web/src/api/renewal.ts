import type { TokenPair } from '@comptoir/contracts';
import { TOKEN_RENEWAL_HOLDER_WAIT_MS, tokenRenewalLockName } from './constants';
import { needsRenewal } from './sessionRules';
import { readTokens, storeTokens, type TokenSet } from './tokens';

/**
 * The exchange of a refresh token for a new pair, written once: the portal's session (`session.ts`)
 * and the server's change-password page (`/auth/password`, which loads `passwordPage.ts` as built by
 * `vite.password-page.config.ts`) both renew through `renewOnce`, so two tabs, whichever page they
 * show, never present the same rotating refresh token.
 */

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

/**
 * Renews the set's tokens under its Web Lock and resolves to the access token to use. A token another
 * tab renewed meanwhile is taken as is. Without a refresh token, or when the auth service refuses it,
 * `endSession` is called (with the refusal's error code) and SessionEndedError thrown; an unreachable
 * or failing service throws RenewalUnavailableError and keeps the tokens.
 */
export async function renewOnce(
  set: TokenSet,
  staleAccessToken: string | null,
  endSession: (code?: string) => void,
): Promise<string> {
  return withRenewalLock(set, async () => {
    const { accessToken, refreshToken } = readTokens(localStorage, set);
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
      endSession(errorCode(body));
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

export function isTokenPair(body: unknown): body is TokenPair {
  if (typeof body !== 'object' || body === null) return false;
  const { accessToken, refreshToken } = body as Record<string, unknown>;
  return (
    typeof accessToken === 'string' &&
    accessToken !== '' &&
    typeof refreshToken === 'string' &&
    refreshToken !== ''
  );
}
