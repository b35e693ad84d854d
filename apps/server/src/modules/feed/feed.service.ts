import type { ContentLanguage, FeedItem } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import * as repo from './feed.repository';
import { sanitizeFeedHtml } from './feed.sanitizer';

export const MAX_FEED_ITEMS = 50;
export const FALLBACK_LANGUAGE: ContentLanguage = 'fr';

export interface NewFeedItem {
  id?: string;
  feedName: string;
  /** A locale tag such as 'fr-FR'. */
  locale: string;
  title: string;
  /** Any HTML: it is sanitised here, before it is stored. */
  html: string;
  publishedAt: Date;
}

/** Stores feed items with their HTML sanitised; every writer goes through here. */
export async function publishFeedItems(db: Db, items: NewFeedItem[]): Promise<number> {
  return repo.insertFeedItems(
    db,
    items.map((item) => ({
      ...(item.id ? { id: item.id } : {}),
      feed_name: item.feedName,
      locale: item.locale,
      title: item.title.trim(),
      text_html: sanitizeFeedHtml(item.html),
      published_at: item.publishedAt,
    })),
  );
}

/**
 * A feed in the caller's language, newest first; a feed with no item in that language is shown
 * in French. The HTML is sanitised again on the way out, in case a row was written around
 * `publishFeedItems`.
 */
export async function readFeed(db: Db, feedName: string, language: ContentLanguage): Promise<FeedItem[]> {
  let rows = await repo.listFeedItems(db, { feedName, language, limit: MAX_FEED_ITEMS });
  if (rows.length === 0 && language !== FALLBACK_LANGUAGE) {
    rows = await repo.listFeedItems(db, { feedName, language: FALLBACK_LANGUAGE, limit: MAX_FEED_ITEMS });
  }
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    text: sanitizeFeedHtml(row.text_html),
    date: row.published_at.toISOString(),
  }));
}
