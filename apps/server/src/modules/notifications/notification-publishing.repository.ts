import type { Db } from '../../db/database';
import type {
  NotificationRow,
  NotificationTranslations,
  NotificationType,
} from '../../db/schema/notifications';

export type PublishedNotificationRow = Pick<
  NotificationRow,
  'id' | 'type' | 'text' | 'texts' | 'edition' | 'account_id' | 'starts_at' | 'ends_at'
> & { published_at: Date; account_name: string | null; published_by_email: string | null };

export const MAX_PUBLISHED_LISTED = 200;

function publishedQuery(db: Db) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('accounts as a', 'a.id', 'n.account_id')
    .leftJoin('users as u', 'u.id', 'n.published_by')
    .select([
      'n.id',
      'n.type',
      'n.text',
      'n.texts',
      'n.edition',
      'n.account_id',
      'n.starts_at',
      'n.ends_at',
      'a.name as account_name',
      'u.email as published_by_email',
    ])
    .select((eb) => eb.ref('n.published_at').$notNull().as('published_at'))
    .where('n.published_at', 'is not', null);
}

/** The notifications published by support staff, newest publication first. */
export async function listPublished(db: Db): Promise<PublishedNotificationRow[]> {
  return publishedQuery(db)
    .orderBy('n.published_at', 'desc')
    .orderBy('n.id')
    .limit(MAX_PUBLISHED_LISTED)
    .execute();
}

export async function findPublished(db: Db, id: string): Promise<PublishedNotificationRow | undefined> {
  return publishedQuery(db).where('n.id', '=', id).executeTakeFirst();
}

export async function insertPublished(
  db: Db,
  values: {
    type: NotificationType;
    text: string;
    texts: NotificationTranslations;
    edition: 'suite' | 'standard' | null;
    accountId: string | null;
    startsAt: Date;
    endsAt: Date;
    publishedBy: string;
    publishedAt: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('notifications')
    .values({
      type: values.type,
      text: values.text,
      texts: JSON.stringify(values.texts),
      // Shown in every language: the reader's language picks the text.
      locale: null,
      edition: values.edition,
      account_id: values.accountId,
      starts_at: values.startsAt,
      ends_at: values.endsAt,
      published_by: values.publishedBy,
      published_at: values.publishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends a published notification at `now`, unless it has already ended; false when nothing changed. */
export async function endPublished(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ ends_at: now })
    .where('id', '=', id)
    .where('published_at', 'is not', null)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
