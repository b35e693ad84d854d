import type { PublishedNotification } from '@comptoir/contracts';
import { useI18n } from './notification-publishing.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatReportDateTime } from '../../ui/dates';

/** The published notifications with their state; a scheduled or current one can be ended now. */
export function PublishedNotificationTable({
  notifications,
  endingId,
  onEnd,
}: {
  notifications: readonly PublishedNotification[];
  endingId: string | null;
  onEnd: (notification: PublishedNotification) => void;
}) {
  const { t } = useI18n();
  const columns: DataTableColumn<PublishedNotification>[] = [
    {
      id: 'text',
      header: t('notificationPublishing.column.text'),
      value: (row) => row.texts.fr,
      isRowHeader: true,
      isWrapping: true,
    },
    {
      id: 'type',
      header: t('notificationPublishing.column.type'),
      value: (row) => t(`notificationPublishing.type.${row.type}`),
      render: (row) => (
        <span className={`publishing-type publishing-type-${row.type}`}>
          {t(`notificationPublishing.type.${row.type}`)}
        </span>
      ),
    },
    {
      id: 'audience',
      header: t('notificationPublishing.column.audience'),
      value: (row) => row.account?.name ?? t(`notificationPublishing.audience.${row.audience}`),
    },
    {
      id: 'startsAt',
      header: t('notificationPublishing.column.startsAt'),
      value: (row) => formatReportDateTime(row.startsAt),
    },
    {
      id: 'endsAt',
      header: t('notificationPublishing.column.endsAt'),
      value: (row) => formatReportDateTime(row.endsAt),
    },
    {
      id: 'state',
      header: t('notificationPublishing.column.state'),
      value: (row) => t(`notificationPublishing.state.${row.state}`),
      render: (row) => (
        <span className="publishing-state-cell">
          <span className={`publishing-state publishing-state-${row.state}`}>
            {t(`notificationPublishing.state.${row.state}`)}
          </span>
          {row.state === 'ended' ? null : (
            <button
              type="button"
              className="button button-secondary publishing-end"
              disabled={endingId !== null}
              onClick={() => onEnd(row)}
            >
              {t('notificationPublishing.endNow')}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('notificationPublishing.list.title')}
      isCaptionHidden
      columns={columns}
      rows={notifications}
      rowKey={(row) => row.id}
    />
  );
}
