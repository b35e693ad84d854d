import { describe, expect, it } from 'vitest';
import { fakeJwt, MemoryStorage } from '../testing/fakeBrowser';
import { applyStartupRules, needsRenewal } from './sessionRules';
import { readTokens, storeTokens } from './tokens';

const now = Date.UTC(2026, 2, 9, 12, 0, 0);
const nowSeconds = now / 1000;
const freshAccessToken = fakeJwt({ iat: nowSeconds - 60, exp: nowSeconds + 840 });

function storageWith(items: Record<string, string>): MemoryStorage {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
  return storage;
}

describe('startup session rules', () => {
  it('wipes local storage when the address carries clear', () => {
    const storage = storageWith({
      accessToken: freshAccessToken,
      refreshToken: 'r1',
      removedNotifications: '[3]',
    });
    expect(applyStartupRules(storage, '?clear', now)).toBe('cleared');
    expect(storage.items.size).toBe(0);
    expect(applyStartupRules(storageWith({}), '?clear=1&x=2', now)).toBe('cleared');
  });

  it('removes an access token that has no refresh token and treats the visitor as signed out', () => {
    const storage = storageWith({ accessToken: freshAccessToken });
    expect(applyStartupRules(storage, '', now)).toBe('unauthenticated');
    expect(storage.getItem('accessToken')).toBeNull();
  });

  it('treats the visitor as signed out when nothing is stored', () => {
    expect(applyStartupRules(storageWith({}), '', now)).toBe('unauthenticated');
  });

  it('drops an access token issued before the stored refresh token', () => {
    const storage = storageWith({
      accessToken: freshAccessToken,
      refreshToken: 'r2',
      refreshTokenIssuedAt: String(now - 30_000),
    });
    expect(applyStartupRules(storage, '', now)).toBe('renew');
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBe('r2');
  });

  it('keeps a pair stored together, whatever the browser clock says', () => {
    const storage = new MemoryStorage();
    // Stored from a browser whose clock runs five minutes fast.
    storeTokens(storage, { accessToken: freshAccessToken, refreshToken: 'r1' }, now + 300_000);
    expect(readTokens(storage).refreshTokenIssuedAt).toBe((nowSeconds - 60) * 1000);
    expect(applyStartupRules(storage, '', now)).toBe('ready');
    expect(storage.getItem('accessToken')).toBe(freshAccessToken);
  });

  it('keeps the pair the sign-in page stored without an issue time', () => {
    const storage = storageWith({ accessToken: freshAccessToken, refreshToken: 'r1' });
    expect(applyStartupRules(storage, '', now)).toBe('ready');
  });

  it('renews at start when the access token is missing, unreadable or about to expire', () => {
    expect(applyStartupRules(storageWith({ refreshToken: 'r1' }), '', now)).toBe('renew');
    expect(applyStartupRules(storageWith({ accessToken: 'garbage', refreshToken: 'r1' }), '', now)).toBe(
      'renew',
    );
    const expiring = fakeJwt({ iat: nowSeconds - 720, exp: nowSeconds + 180 });
    expect(applyStartupRules(storageWith({ accessToken: expiring, refreshToken: 'r1' }), '', now)).toBe(
      'renew',
    );
  });
});

describe('renewal threshold', () => {
  it('renews with 180 seconds or less left, not before', () => {
    expect(needsRenewal(fakeJwt({ exp: nowSeconds + 181 }), now)).toBe(false);
    expect(needsRenewal(fakeJwt({ exp: nowSeconds + 180 }), now)).toBe(true);
    expect(needsRenewal(fakeJwt({ exp: nowSeconds - 10 }), now)).toBe(true);
    expect(needsRenewal(fakeJwt({}), now)).toBe(true);
  });
});
