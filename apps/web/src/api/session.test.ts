import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, installFakeBrowser, jsonResponse } from '../testing/fakeBrowser';
import { TOKEN_CHECK_INTERVAL_MS } from './constants';
import { getAuthState, setAuthState } from './authState';
import {
  enterViewAs,
  getAccessToken,
  renewTokens,
  SessionEndedError,
  signInUrl,
  signOut,
  startRenewalSchedule,
  startSession,
} from './session';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const accessTokenValidFor = (seconds: number) =>
  fakeJwt({ iat: nowSeconds() - 900 + seconds, exp: nowSeconds() + seconds });

let browser: ReturnType<typeof installFakeBrowser>;

beforeEach(() => {
  browser = installFakeBrowser('/reports?tab=1');
  setAuthState('authenticated');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sign-in redirect', () => {
  it('sends the current path to the sign-in page', () => {
    expect(signInUrl('/reports?tab=1')).toBe('/auth/login?scope=bo-client&redirect=%2Freports%3Ftab%3D1');
  });

  it('renders the unauthorized-service page at start when there is no session', async () => {
    expect(await startSession()).toBe(true);
    expect(getAuthState()).toBe('unauthenticated');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('reloads on the home page after a clear', async () => {
    browser = installFakeBrowser('/?clear');
    browser.storage.setItem('refreshToken', 'r1');
    expect(await startSession()).toBe(false);
    expect(browser.storage.items.size).toBe(0);
    expect(browser.replace).toHaveBeenCalledWith('/');
  });
});

describe('token renewal', () => {
  it('stores the rotated pair and its issue time', async () => {
    const iat = nowSeconds();
    const renewed = fakeJwt({ iat, exp: iat + 900 });
    browser.storage.setItem('refreshToken', 'r1');
    browser.fetch.mockResolvedValueOnce(jsonResponse(200, { accessToken: renewed, refreshToken: 'r2' }));

    expect(await startSession()).toBe(true);

    expect(browser.fetch).toHaveBeenCalledWith('/api/auth/accessToken/?refreshToken=r1', expect.anything());
    expect(browser.storage.getItem('accessToken')).toBe(renewed);
    expect(browser.storage.getItem('refreshToken')).toBe('r2');
    expect(browser.storage.getItem('refreshTokenIssuedAt')).toBe(String(iat * 1000));
  });

  it('shares one exchange between concurrent callers', async () => {
    browser.storage.setItem('refreshToken', 'r1');
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(200, { accessToken: accessTokenValidFor(900), refreshToken: 'r2' }),
    );
    const [first, second] = await Promise.all([renewTokens(), renewTokens()]);
    expect(first).toBe(second);
    expect(browser.fetch).toHaveBeenCalledTimes(1);
  });

  it('removes both tokens and reloads when the refresh token is refused', async () => {
    browser.storage.setItem('accessToken', accessTokenValidFor(60));
    browser.storage.setItem('refreshToken', 'r1');
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'REFRESH_TOKEN_REVOKED', message: 'révoqué' } }),
    );

    await expect(renewTokens()).rejects.toBeInstanceOf(SessionEndedError);

    expect(browser.storage.items.size).toBe(0);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('shows the no-access state when the sub-user has lost its services', async () => {
    browser.storage.setItem('refreshToken', 'r1');
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(403, { error: { code: 'SUB_USER_NO_ACCESS', message: 'Aucun service' } }),
    );

    await expect(renewTokens()).rejects.toBeInstanceOf(SessionEndedError);

    expect(browser.storage.getItem('refreshToken')).toBeNull();
    expect(getAuthState()).toBe('notAuthorised');
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('keeps the session when the auth service is unreachable', async () => {
    const accessToken = accessTokenValidFor(60);
    browser.storage.setItem('accessToken', accessToken);
    browser.storage.setItem('refreshToken', 'r1');
    browser.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(503, { error: { code: 'INTERNAL_ERROR', message: '' } }),
    );

    await expect(renewTokens()).rejects.toThrow('unavailable');
    await expect(renewTokens()).rejects.toThrow('unavailable');

    expect(browser.storage.getItem('accessToken')).toBe(accessToken);
    expect(browser.storage.getItem('refreshToken')).toBe('r1');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('checks every 180 s and renews only when 180 s or less are left', async () => {
    vi.useFakeTimers();
    browser.storage.setItem('accessToken', accessTokenValidFor(400));
    browser.storage.setItem('refreshToken', 'r1');
    browser.fetch.mockResolvedValue(
      jsonResponse(200, { accessToken: accessTokenValidFor(1300), refreshToken: 'r2' }),
    );
    const stop = startRenewalSchedule();

    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    expect(browser.fetch).not.toHaveBeenCalled(); // 220 s left
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    expect(browser.fetch).toHaveBeenCalledTimes(1); // 40 s left
    expect(browser.storage.getItem('refreshToken')).toBe('r2');
    stop();
  });
});

describe('view as customer and fiscal sessions', () => {
  it('exchanges the connect-as token before rendering, then calls the API with the view-as token', async () => {
    browser = installFakeBrowser('/connect-as/v1');
    browser.storage.setItem('accessToken', accessTokenValidFor(900));
    browser.storage.setItem('refreshToken', 'r1');
    const viewAs = accessTokenValidFor(900);
    browser.fetch.mockResolvedValueOnce(jsonResponse(200, { accessToken: viewAs, refreshToken: 'v2' }));

    expect(await startSession()).toBe(false);

    expect(browser.fetch).toHaveBeenCalledWith('/api/auth/accessToken/?refreshToken=v1', expect.anything());
    expect(browser.replace).toHaveBeenCalledWith('/');
    expect(browser.storage.getItem('viewAsCustomerToken')).toBe('v2');
    expect(getAccessToken()).toBe(viewAs);
  });

  it('keeps the own session and shows the page when the connect-as token is refused', async () => {
    browser.storage.setItem('accessToken', accessTokenValidFor(900));
    browser.storage.setItem('refreshToken', 'r1');
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'INVALID_REFRESH_TOKEN', message: 'x' } }),
    );

    expect(await enterViewAs('stale')).toBe(false);

    expect(browser.storage.getItem('viewAsCustomerToken')).toBeNull();
    expect(browser.storage.getItem('refreshToken')).toBe('r1');
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('renews a fiscal session through the fiscal route', async () => {
    browser.storage.setItem('fiscalRefreshToken', 'f1');
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(200, { accessToken: accessTokenValidFor(900), refreshToken: 'f2' }),
    );

    expect(await startSession()).toBe(true);

    expect(browser.fetch).toHaveBeenCalledWith(
      '/api/auth/accessToken/administration-fiscale/?refreshToken=f1',
      expect.anything(),
    );
    expect(browser.storage.getItem('fiscalRefreshToken')).toBe('f2');
  });
});

describe('logout (spec §4)', () => {
  it('leaves a view-as session by removing its token and reloading', () => {
    browser.storage.setItem('refreshToken', 'r1');
    browser.storage.setItem('viewAsCustomerToken', 'v1');
    browser.storage.setItem('viewAsAccessToken', 'va');

    signOut();

    expect(browser.storage.getItem('viewAsCustomerToken')).toBeNull();
    expect(browser.storage.getItem('refreshToken')).toBe('r1');
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('sends an inspector back to the fiscal sign-in', () => {
    browser.storage.setItem('fiscalRefreshToken', 'f1');
    browser.storage.setItem('fiscalAccessToken', 'fa');

    signOut();

    expect(browser.storage.items.size).toBe(0);
    expect(browser.assign).toHaveBeenCalledWith('/fisc-connect-as');
  });

  it('signs a user out through the authentication service', () => {
    browser.storage.setItem('refreshToken', 'r1');
    browser.storage.setItem('accessToken', 'a1');

    signOut();

    expect(browser.storage.items.size).toBe(0);
    expect(browser.assign).toHaveBeenCalledWith('/auth/logout?redirect=/');
  });
});
