import { z } from 'zod';
import { isoDateTime } from './common';
import { contentLanguage } from './menu';

/** A feed's name as it appears in `feed/{name}` (the menu's "Actualités" opens `feed/news`). */
export const feedName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const feedParams = z.object({ name: feedName });

export const feedQuery = z.object({ locale: contentLanguage.default('fr') });

/** Spec 3 §3, feed item: `text` is HTML, sanitised by the server before it is stored and sent. */
export const feedItem = z.object({
  id: z.uuid(),
  title: z.string(),
  text: z.string(),
  date: isoDateTime,
});
export type FeedItem = z.infer<typeof feedItem>;

/** `GET /api/feed/{name}/?locale=`: the feed's items, newest first (spec 3 §7, "Feed"). */
export const feedResponse = z.object({
  success: z.literal(true),
  formatedFeed: z.object({ feeds: z.array(feedItem) }),
});
export type FeedResponse = z.infer<typeof feedResponse>;
