/** The group of the suite edition's accounts (spec 1 §2: `{product}-suite`). */
export const SUITE_GROUP = 'comptoir-suite';
export type Edition = 'suite' | 'standard';

/** Who is calling, and what they may read. Set by the auth guard on every authenticated request. */
export interface RequestContext {
  kind: 'user' | 'fiscal' | 'view_as';
  userId: string;
  accountId: string;
  role: 'holder' | 'sub_user' | 'staff';
  /** The caller's own groups (user menu entries); the edition is the account's, below. */
  groups: string[];
  /**
   * The account's edition (issue 31, item 2): its sub-users, view-as sessions and customer-space
   * users see the edition of the account they call, not one of their own groups.
   */
  edition: Edition;
  /** Companies (establishments) this caller may read. */
  companyIds: string[];
  /**
   * The companies the request is about: those of the `x-id-company` header (each one readable, else
   * 403 COMPANY_FORBIDDEN), or every readable company when the header is absent.
   */
  selectedCompanyIds: string[];
  /** The reporting period of the `x-date-begin` / `x-date-end` headers, when either is sent. */
  period?: RequestPeriod;
  /** Sub-user services (menu service_name values); empty for holders. */
  services: string[];
  sessionId: string;
}

/** Either bound may be missing: the portal sends both, other clients may send one. */
export interface RequestPeriod {
  begin: PeriodBound | null;
  end: PeriodBound | null;
}

export interface PeriodBound {
  /** The business day: the date as sent, or the Europe/Paris day of the instant sent. */
  day: string;
  /** The instant, when the header held an ISO 8601 datetime; null for a date alone. */
  at: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
}
