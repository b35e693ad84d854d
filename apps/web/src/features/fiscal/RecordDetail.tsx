import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useI18n } from './fiscal.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { ErrorState } from '../../ui/ErrorState';
import { SHORT_PAGE_SIZE } from '../../ui/paging';
import { trackingColumns } from './fiscalColumns';
import { fiscalErrorMessage, isNotFound } from './fiscalErrors';
import { fiscalQueries } from './fiscalQueries';
import { FiscalDetailFrame } from './FiscalDetailFrame';
import { FiscalQueryTable, trackingRowTone } from './FiscalTable';
import { InfoPanel } from './InfoPanel';

/**
 * The detail of one record (cash movement, order line, payment line, receipt, credit): its info
 * panel and its history, 5 rows a page (spec 2 §2 "Tables"), then what else it holds.
 */
export function RecordDetail<Row>({
  id,
  title,
  subtitle,
  columns,
  record,
  recordQuery,
  historyCaption,
  actions,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  columns: readonly DataTableColumn<Row>[];
  /** From the navigation state, or read by `recordQuery` when the screen was opened directly. */
  record: Row | undefined;
  recordQuery: UseQueryResult<unknown> | null;
  historyCaption: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const history = useQuery(fiscalQueries.tracking('history', { objectId: id }));
  const historyColumns = useMemo(() => trackingColumns(t), [t]);

  if (
    recordQuery &&
    ((recordQuery.isError && isNotFound(recordQuery.error)) || (recordQuery.isSuccess && !record))
  ) {
    return <Navigate to="/404" replace />;
  }

  return (
    <FiscalDetailFrame
      title={title}
      subtitle={subtitle}
      isLoading={Boolean(recordQuery?.isLoading) || history.isLoading}
      actions={actions}
      info={record ? <InfoPanel columns={columns} row={record} /> : null}
    >
      {recordQuery?.isError ? (
        <ErrorState
          message={t(fiscalErrorMessage(recordQuery.error))}
          retryLabel={t('common.retry')}
          onRetry={() => void recordQuery.refetch()}
        />
      ) : null}
      <section className="card fiscal-table-card">
        <FiscalQueryTable
          caption={historyCaption}
          columns={historyColumns}
          query={history}
          rowKey={(entry) => entry.id}
          rowTone={trackingRowTone}
          pageSize={SHORT_PAGE_SIZE}
        />
      </section>
      {children}
    </FiscalDetailFrame>
  );
}
