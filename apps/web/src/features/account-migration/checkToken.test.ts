import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../testing/fakeBrowser';
import {
  CHECK_TOKEN_STORAGE_KEY,
  readCheckToken,
  readVerifiedPassword,
  rememberVerifiedPassword,
  removeCheckToken,
  storeCheckToken,
} from './checkToken';

const now = Date.parse('2026-03-14T10:00:00Z');

describe('the step-1 check token', () => {
  it('opens step 2 until it expires', () => {
    const storage = new MemoryStorage();
    storeCheckToken(storage, { token: 'check-1', expiresAt: '2026-03-14T10:15:00Z' });
    expect(readCheckToken(storage, now)).toBe('check-1');
    expect(readCheckToken(storage, now + 14 * 60_000)).toBe('check-1');
  });

  it('is forgotten once expired', () => {
    const storage = new MemoryStorage();
    storeCheckToken(storage, { token: 'check-1', expiresAt: '2026-03-14T10:15:00Z' });
    expect(readCheckToken(storage, now + 15 * 60_000)).toBeNull();
    expect(storage.getItem(CHECK_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is absent when nothing or something unreadable is stored', () => {
    const storage = new MemoryStorage();
    expect(readCheckToken(storage, now)).toBeNull();
    storage.setItem(CHECK_TOKEN_STORAGE_KEY, 'not json');
    expect(readCheckToken(storage, now)).toBeNull();
  });

  it("keeps step 1's password in memory for its own check token only, and forgets it with the token", () => {
    const storage = new MemoryStorage();
    storeCheckToken(storage, { token: 'check-1', expiresAt: '2026-03-14T10:15:00Z' });
    rememberVerifiedPassword('check-1', 'Comptoir-2026!');
    expect(readVerifiedPassword('check-1')).toBe('Comptoir-2026!');
    expect(readVerifiedPassword('check-2')).toBeNull();
    expect(JSON.stringify([...storage.items.values()])).not.toContain('Comptoir-2026!');
    removeCheckToken(storage);
    expect(readVerifiedPassword('check-1')).toBeNull();
  });
});
