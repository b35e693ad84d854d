import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { NotificationRow } from '../../db/schema/backoffice';

export type CurrentNotificationRow = Pick<NotificationRow, 'id' | 'type' | 'text'>;

/**
 * The notifications current at `now` for an account: its own and the global ones (account_id
 * null; those for staff only to support staff) of its edition or of both, in the given language or in every language (locale null, then
 * the translation in `texts` or the French `text`), newest first.
 */
export async function listCurrentNotifications(
  db: Db,
  filter: {
    accountId: string;
    edition: 'suite' | 'standard';
    language: string;
    now: Date;
    limit: number;
    /** Support staff in their own session: also the notices for staff only (mail given up on). */
    isStaff: boolean;
  },
): Promise<CurrentNotificationRow[]> {
  return (
    db
      .selectFrom('notifications')
      .select(['id', 'type'])
      .select(sql<string>`coalesce(texts->>${filter.language}, text)`.as('text'))
      .where((eb) => eb.or([eb('account_id', 'is', null), eb('account_id', '=', filter.accountId)]))
      .$if(!filter.isStaff, (q) => q.where('staff_only', '=', false))
      .where((eb) => eb.or([eb('edition', 'is', null), eb('edition', '=', filter.edition)]))
      .where('starts_at', '<=', filter.now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', filter.now)]))
      // locale holds a tag such as 'fr-FR'; its language is what the portal asks for.
      .where((eb) =>
        eb.or([
          eb('locale', 'is', null),
          eb(sql<string>`lower(split_part(locale, '-', 1))`, '=', filter.language),
        ]),
      )
      .orderBy('starts_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .execute()
  );
}
