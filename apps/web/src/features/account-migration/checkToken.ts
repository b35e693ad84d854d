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
  verifiedPassword = null;
}

/**
 * Step 1's verified password, for step 2 to flag a new password equal to it as it is typed. Kept in
 * this tab's memory only, never in storage: after a reload the server's SAME_PASSWORD refusal remains.
 */
let verifiedPassword: { token: string; password: string } | null = null;

export function rememberVerifiedPassword(token: string, password: string): void {
  verifiedPassword = { token, password };
}

/** The password step 1 verified for this check token, if this tab still holds it. */
export function readVerifiedPassword(token: string | null): string | null {
  return verifiedPassword !== null && verifiedPassword.token === token ? verifiedPassword.password : null;
}
