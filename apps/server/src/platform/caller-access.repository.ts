import { sql } from 'kysely';
import type { Db } from '../db/database';
import { SUITE_GROUP, type Edition } from './request-context';

export interface CallerAccess {
  isActive: boolean;
  isSessionLive: boolean;
  /** The account's companies, by name. */
  accountCompanyIds: string[];
  /** Companies granted to the user in user_companies (within the account), by name. */
  grantedCompanyIds: string[];
  services: string[];
  /** The account's edition: suite when one of its users is in the suite group (spec 1 §2), whoever calls. */
  edition: Edition;
}

/** Everything the auth guard needs about a caller, in one round trip (PGlite serves one query at a time). */
export async function loadCallerAccess(
  db: Db,
  caller: { userId: string; accountId: string | null; sessionId: string; now: Date },
): Promise<CallerAccess | undefined> {
  // Support staff outside a view-as session read no account.
  const accountId = caller.accountId;
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.is_active',
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens as r')
            .select('r.id')
            .where('r.session_id', '=', caller.sessionId)
            .where('r.revoked_at', 'is', null)
            .where('r.expires_at', '>', caller.now),
        )
        .as('is_session_live'),
      sql<string[]>`array(${eb
        .selectFrom('companies as c')
        .select(sql<string>`c.id::text`.as('id'))
        .where((w) => (accountId === null ? w.lit(false) : w('c.account_id', '=', accountId)))
        .orderBy('c.company_name')
        .orderBy('c.id')})`.as('account_company_ids'),
      sql<string[]>`array(${eb
        .selectFrom('user_companies as uc')
        .innerJoin('companies as c', 'c.id', 'uc.company_id')
        .select(sql<string>`c.id::text`.as('id'))
        .whereRef('uc.user_id', '=', 'u.id')
        .where((w) => (accountId === null ? w.lit(false) : w('c.account_id', '=', accountId)))
        .orderBy('c.company_name')
        .orderBy('c.id')})`.as('granted_company_ids'),
      sql<string[]>`array(${eb
        .selectFrom('sub_user_services as s')
        .select('s.service_name')
        .whereRef('s.user_id', '=', 'u.id')
        .orderBy('s.service_name')})`.as('services'),
      eb
        .exists(
          eb
            .selectFrom('users as holder')
            .innerJoin('user_groups as g', 'g.user_id', 'holder.id')
            .select('holder.id')
            .where((w) => (accountId === null ? w.lit(false) : w('holder.account_id', '=', accountId)))
            .where('g.name', '=', SUITE_GROUP),
        )
        .as('is_suite'),
    ])
    .where('u.id', '=', caller.userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    isActive: row.is_active,
    isSessionLive: Boolean(row.is_session_live),
    accountCompanyIds: row.account_company_ids,
    grantedCompanyIds: row.granted_company_ids,
    services: row.services,
    edition: row.is_suite ? 'suite' : 'standard',
  };
}
