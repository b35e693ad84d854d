import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, installFakeBrowser, jsonResponse } from '../testing/fakeBrowser';
import { ApiError, apiGet } from './api';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const expired = fakeJwt({ iat: nowSeconds() - 1000, exp: nowSeconds() - 100 });
const renewed = fakeJwt({ iat: nowSeconds(), exp: nowSeconds() + 900 });

let browser: ReturnType<typeof installFakeBrowser>;

beforeEach(() => {
  browser = installFakeBrowser('/');
  browser.storage.setItem('accessToken', expired);
  browser.storage.setItem('refreshToken', 'r1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const authorizationOf = (call: number) =>
  (browser.fetch.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.authorization;

describe('API client', () => {
  it('sends the access token as a Bearer token', async () => {
    browser.storage.setItem('accessToken', renewed);
    browser.fetch.mockResolvedValueOnce(jsonResponse(200, { firstname: 'Camille' }));
    expect(await apiGet('/api/user/me')).toEqual({ firstname: 'Camille' });
    expect(authorizationOf(0)).toBe(`Bearer ${renewed}`);
  });

  it('renews once on ACCESS_TOKEN_EXPIRED and retries with the new token', async () => {
    browser.fetch
      .mockResolvedValueOnce(
        jsonResponse(401, { error: { code: 'ACCESS_TOKEN_EXPIRED', message: 'expiré' } }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { accessToken: renewed, refreshToken: 'r2' }))
      .mockResolvedValueOnce(jsonResponse(200, { firstname: 'Camille' }));

    expect(await apiGet('/api/user/me')).toEqual({ firstname: 'Camille' });

    expect(browser.fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/user/me',
      '/api/auth/accessToken/?refreshToken=r1',
      '/api/user/me',
    ]);
    expect(authorizationOf(2)).toBe(`Bearer ${renewed}`);
    expect(browser.storage.getItem('refreshToken')).toBe('r2');
  });

  it('does not renew twice: a second refusal ends the session', async () => {
    const refusal = () => jsonResponse(401, { error: { code: 'ACCESS_TOKEN_EXPIRED', message: 'expiré' } });
    browser.fetch
      .mockResolvedValueOnce(refusal())
      .mockResolvedValueOnce(jsonResponse(200, { accessToken: renewed, refreshToken: 'r2' }))
      .mockResolvedValueOnce(refusal());

    await expect(apiGet('/api/user/me')).rejects.toMatchObject({ status: 401, code: 'ACCESS_TOKEN_EXPIRED' });
    expect(browser.fetch).toHaveBeenCalledTimes(3);
    expect(browser.storage.getItem('refreshToken')).toBeNull();
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('ends a revoked session without trying to renew', async () => {
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'SESSION_REVOKED', message: 'La session a été fermée.' } }),
    );
    await expect(apiGet('/api/user/me')).rejects.toBeInstanceOf(ApiError);
    expect(browser.fetch).toHaveBeenCalledTimes(1);
    expect(browser.storage.getItem('accessToken')).toBeNull();
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('passes other errors on with their code', async () => {
    browser.storage.setItem('accessToken', renewed);
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(403, { error: { code: 'COMPANY_FORBIDDEN', message: 'Accès refusé' } }),
    );
    await expect(apiGet('/api/dashboard/turnover')).rejects.toMatchObject({
      status: 403,
      code: 'COMPANY_FORBIDDEN',
    });
    expect(browser.assign).not.toHaveBeenCalled();
  });
});
