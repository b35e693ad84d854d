import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useI18n } from './feed.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/LoadingState';
import { feedQueries } from './feedQueries';
import { FeedTimeline } from './FeedTimeline';
import './feed.css';

/** `feed/{name}`: a timeline of the feed's items in the user's language (spec 3, "Activity feed"). */
export function FeedPage() {
  const { t, language } = useI18n();
  const { name = '' } = useParams();
  const feed = useQuery(feedQueries.items(name, language));
  const heading = name === 'news' ? t('area.feed') : t('feed.title', { name });
  // Feed failures are silent (spec 3 §8): a failed call shows the empty timeline, no error.
  const items = feed.data ?? [];

  return (
    <div className="page feed-page">
      <title>{`${heading} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{heading}</h1>
        {name === 'news' ? <p className="page-intro">{t('feed.news.intro')}</p> : null}
      </header>
      {feed.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('feed.empty')} hint={t('feed.emptyHint')} />
      ) : (
        <FeedTimeline items={items} label={t('feed.timelineLabel', { heading })} />
      )}
    </div>
  );
}
