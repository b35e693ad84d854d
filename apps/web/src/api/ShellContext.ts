import { createContext, useContext } from 'react';
import type { MenuItem, UserMe } from '@comptoir/contracts';
import type { AuthState } from './authState';
import type { SessionKind } from './tokens';

/** What every part of the shell needs to know about the visitor, computed once in the layout. */
export interface Shell {
  authState: AuthState;
  sessionKind: SessionKind;
  /** Undefined while loading, when signed out, and in a fiscal session (no user profile). */
  user: UserMe | undefined;
  /** The visitor's own groups (user menu entries). */
  groups: ReadonlySet<string>;
  /** The account's edition is the suite (issue 31, item 2): the same for its sub-users and view-as. */
  isSuite: boolean;
  /** The account-wide settings are the holder's: not a sub-user's, nor a view-as session's. */
  mayChangeAccountSettings: boolean;
  isSubUser: boolean;
  isStaff: boolean;
  /** Sub-user services; empty for others; undefined while loading. */
  services: readonly string[] | undefined;
  /** The visitor's menu, already filtered; undefined while loading. */
  categories: readonly MenuItem[] | undefined;
  isCategoriesError: boolean;
  refetchCategories: () => void;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside the app layout');
  return shell;
}
