import type { Generated, Selectable } from 'kysely';
import type { Timestamp, WithDefault } from './columns';

export interface FeedItemTable {
  id: Generated<string>;
  feed_name: string;
  locale: WithDefault<string>;
  title: string;
  text_html: string;
  /** The item's `date`. */
  published_at: Timestamp;
  created_at: Timestamp;
}
export type FeedItemRow = Selectable<FeedItemTable>;

/** The news feed (`modules/feed`). */
export interface FeedTables {
  feed_items: FeedItemTable;
}
