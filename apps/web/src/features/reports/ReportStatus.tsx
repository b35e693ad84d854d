import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useI18n } from './reports.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { reportErrorMessage } from './reportErrors';

/**
 * The states every report goes through: loading, an error with a retry, the spec's empty-period
 * message, then the report. While other filters load, the previous report stays, marked busy.
 */
export function ReportStatus<Data>({
  query,
  isEmpty,
  children,
}: {
  query: UseQueryResult<Data>;
  isEmpty: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useI18n();
  if (query.isPending) return <LoadingState label={t('common.loading')} />;
  if (query.isError) {
    return (
      <ErrorState
        message={t(reportErrorMessage(query.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const isUpdating = query.isPlaceholderData;
  return (
    <div className={isUpdating ? 'report-body is-updating' : 'report-body'} aria-busy={isUpdating}>
      {isUpdating ? (
        <div className="report-updating">
          <p role="status">
            <span className="spinner" aria-hidden="true" />
            {t('reports.updating')}
          </p>
        </div>
      ) : null}
      {isEmpty(query.data) ? (
        <EmptyState title={t('reports.empty')} hint={t('reports.emptyHint')} />
      ) : (
        children(query.data)
      )}
    </div>
  );
}
