import type { SubUserService } from '@comptoir/contracts';
import type { AuthState } from '../api/authState';
import type { SessionKind } from '../api/tokens';

/** What a route asks of its visitor; a route without requirements needs a signed-in user. */
export interface RouteAccess {
  /** Reachable without a session (sign-in pages, links received by e-mail, error pages). */
  isPublic?: boolean;
  /** Open to a tax inspector's fiscal session; every other route is closed to it. */
  isFiscal?: boolean;
  /** Support staff only (outside a view-as session). */
  isStaffOnly?: boolean;
  /** Account holders only: sub-users do not see user-account options (spec §2.3). */
  isHolderOnly?: boolean;
  /** A sub-user needs this service (menu service_name) to open the route. */
  service?: SubUserService;
}

export interface Visitor {
  authState: AuthState;
  sessionKind: SessionKind;
  /** `UserMe.type`; undefined while loading or in a fiscal session. */
  role: 'holder' | 'sub_user' | 'staff' | undefined;
  /** Sub-user services; undefined while loading. */
  services: readonly string[] | undefined;
}

export type AccessDecision = 'allow' | 'signedOut' | 'noAccess' | 'fiscalOnly' | 'pending';

/** Spec §2.1: the root layout runs this check on every navigation. */
export function checkAccess(route: RouteAccess, visitor: Visitor): AccessDecision {
  if (route.isPublic) return 'allow';
  if (visitor.authState === 'unauthenticated') return 'signedOut';
  if (visitor.authState === 'notAuthorised') return 'noAccess';
  if (visitor.sessionKind === 'fiscal') return route.isFiscal ? 'allow' : 'fiscalOnly';
  if (route.isStaffOnly) {
    if (visitor.role === undefined) return 'pending';
    return visitor.role === 'staff' && visitor.sessionKind === 'user' ? 'allow' : 'noAccess';
  }
  if (visitor.role === undefined) return route.service || route.isHolderOnly ? 'pending' : 'allow';
  if (visitor.role !== 'sub_user') return 'allow';
  if (route.isHolderOnly) return 'noAccess';
  if (!route.service) return 'allow';
  if (visitor.services === undefined) return 'pending';
  return visitor.services.includes(route.service) ? 'allow' : 'noAccess';
}
