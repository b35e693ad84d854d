import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FeedItemRow } from '../../db/schema/feed';

export type FeedItemListRow = Pick<FeedItemRow, 'id' | 'title' | 'text_html' | 'published_at'>;

export interface NewFeedItemRow {
  /** Given by writers that must not add an item twice (the demo); generated otherwise. */
  id?: string;
  feed_name: string;
  locale: string;
  title: string;
  text_html: string;
  published_at: Date;
}

/** Adds items, skipping any whose id is already stored; returns how many were added. */
export async function insertFeedItems(db: Db, rows: NewFeedItemRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('feed_items')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** A feed's items in one language, newest first. */
export async function listFeedItems(
  db: Db,
  filter: { feedName: string; language: string; limit: number },
): Promise<FeedItemListRow[]> {
  return (
    db
      .selectFrom('feed_items')
      .select(['id', 'title', 'text_html', 'published_at'])
      .where('feed_name', '=', filter.feedName)
      // locale holds a tag such as 'fr-FR'; its language is what the portal asks for.
      .where(sql<string>`lower(split_part(locale, '-', 1))`, '=', filter.language)
      .orderBy('published_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .execute()
  );
}
