import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FaqItemRow } from '../../db/schema/help';

export type FaqItemListRow = Pick<FaqItemRow, 'id' | 'category' | 'trigger' | 'content' | 'position'>;

/** The FAQ items of one language (the `fr` of a `fr-FR` locale), in reading order. */
export async function listFaqItems(db: Db, language: string): Promise<FaqItemListRow[]> {
  return db
    .selectFrom('faq_items')
    .select(['id', 'category', 'trigger', 'content', 'position'])
    .where(sql<string>`lower(split_part(locale, '-', 1))`, '=', language)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
