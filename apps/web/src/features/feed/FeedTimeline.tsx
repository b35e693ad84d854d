import type { FeedItem } from '@comptoir/contracts';
import { formatDate } from '../../ui/dates';

/** Feed items on a vertical timeline, newest first, as the server orders them. */
export function FeedTimeline({ items, label }: { items: FeedItem[]; label: string }) {
  return (
    <ol className="feed-timeline" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="feed-entry">
          <article className="feed-card" aria-labelledby={`feed-title-${item.id}`}>
            <time className="feed-date" dateTime={item.date}>
              {formatDate(item.date)}
            </time>
            <h2 className="feed-title" id={`feed-title-${item.id}`}>
              {item.title}
            </h2>
            {/* The server sanitises this HTML to an allowlist before it stores it and again when it sends it. */}
            <div className="feed-text" dangerouslySetInnerHTML={{ __html: item.text }} />
          </article>
        </li>
      ))}
    </ol>
  );
}
