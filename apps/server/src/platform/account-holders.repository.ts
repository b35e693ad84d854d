import type { Db } from '../db/database';

/**
 * The holder of each account, as support staff and view-as name it: an active holder before an
 * inactive one, a holder outside the customer space (espace_client) first, then the oldest.
 */
export function accountHoldersQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .distinctOn('u.account_id')
    .select(['u.account_id', 'u.firstname', 'u.lastname', 'u.email'])
    .where('u.role', '=', 'holder')
    .where('u.account_id', 'is not', null)
    .orderBy('u.account_id')
    .orderBy('u.is_active', 'desc')
    .orderBy((eb) =>
      eb.exists(
        eb
          .selectFrom('user_groups as g')
          .select('g.user_id')
          .whereRef('g.user_id', '=', 'u.id')
          .where('g.name', '=', 'espace_client'),
      ),
    )
    .orderBy('u.created_at')
    .orderBy('u.email');
}
