import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PublishedNotification } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useI18n } from './notification-publishing.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { NotificationPublishForm } from './NotificationPublishForm';
import { PublishedNotificationTable } from './PublishedNotificationTable';
import { useEndNotificationMutation } from './notificationPublishingMutations';
import { notificationPublishingQueries } from './notificationPublishingQueries';
import './notification-publishing.css';

/** `/support/notifications` (support staff): write notifications for the users' notification centre. */
export function NotificationPublishingPage() {
  const { t } = useI18n();
  const published = useQuery(notificationPublishingQueries.published());
  const end = useEndNotificationMutation();

  function handleEnd(notification: PublishedNotification) {
    end.mutate(notification.id, {
      onSuccess: () => showFlash({ type: 'success', text: t('notificationPublishing.ended') }),
      onError: (error) =>
        showFlash({
          type: 'error',
          text:
            error instanceof ApiError && error.code === 'ALREADY_ENDED'
              ? t('notificationPublishing.error.ALREADY_ENDED')
              : t('common.error'),
        }),
    });
  }

  return (
    <div className="page notification-publishing-page">
      <title>{`${t('notificationPublishing.title')} · ${t('app.name')}`}</title>
      <nav className="publishing-breadcrumb">
        <Link to="/support">{t('notificationPublishing.backToSupport')}</Link>
      </nav>
      <header className="page-header">
        <h1>{t('notificationPublishing.title')}</h1>
        <p className="page-intro">{t('notificationPublishing.intro')}</p>
      </header>
      <NotificationPublishForm />
      <section className="publishing-list" aria-labelledby="published-notifications-title">
        <h2 id="published-notifications-title" className="section-title">
          {t('notificationPublishing.list.title')}
        </h2>
        {published.isPending ? (
          <LoadingState label={t('common.loading')} />
        ) : published.isError ? (
          <ErrorState
            message={t('common.error')}
            retryLabel={t('common.retry')}
            onRetry={() => void published.refetch()}
          />
        ) : published.data.notifications.length === 0 ? (
          <EmptyState
            title={t('notificationPublishing.list.empty')}
            hint={t('notificationPublishing.list.emptyHint')}
          />
        ) : (
          <PublishedNotificationTable
            notifications={published.data.notifications}
            endingId={end.isPending ? (end.variables ?? null) : null}
            onEnd={handleEnd}
          />
        )}
      </section>
    </div>
  );
}
