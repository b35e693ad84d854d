import type { MigrationPasswordVerifyResponse } from '@comptoir/contracts';

/** sessionStorage key of step 1's check token: it opens step 2 in this tab until it expires. */
export const CHECK_TOKEN_STORAGE_KEY = 'accountMigrationCheckToken';

type CheckTokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function storeCheckToken(
  storage: CheckTokenStorage,
  answer: Pick<MigrationPasswordVerifyResponse, 'token' | 'expiresAt'>,
): void {
  storage.setItem(
    CHECK_TOKEN_STORAGE_KEY,
    JSON.stringify({ token: answer.token, expiresAt: Date.parse(answer.expiresAt) }),
  );
}

/** The stored check token while it is unexpired; an expired or unreadable one is removed. */
export function readCheckToken(storage: CheckTokenStorage, nowMs: number): string | null {
  const stored = storage.getItem(CHECK_TOKEN_STORAGE_KEY);
  if (stored === null) return null;
  try {
    const { token, expiresAt } = JSON.parse(stored) as { token?: unknown; expiresAt?: unknown };
    if (typeof token === 'string' && token !== '' && typeof expiresAt === 'number' && expiresAt > nowMs) {
      return token;
    }
  } catch {
    // Unreadable: treated as absent.
  }
  storage.removeItem(CHECK_TOKEN_STORAGE_KEY);
  return null;
}

export function removeCheckToken(storage: CheckTokenStorage): void {
  storage.removeItem(CHECK_TOKEN_STORAGE_KEY);
}
