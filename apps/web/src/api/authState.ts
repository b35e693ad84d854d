import { useSyncExternalStore } from 'react';

/**
 * Spec §4 auth state: unauthenticated (no session), authenticated, or not authorised (the server
 * refused the session, e.g. SUB_USER_NO_ACCESS). The last two show the unauthorized-service page.
 */
export type AuthState = 'authenticated' | 'unauthenticated' | 'notAuthorised';

let state: AuthState = 'authenticated';
const listeners = new Set<() => void>();

export function setAuthState(next: AuthState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
