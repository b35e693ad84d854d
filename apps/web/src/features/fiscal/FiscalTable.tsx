import type { UseQueryResult } from '@tanstack/react-query';
import type { FiscalTrackingEntry } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { DataTable, type DataTableProps } from '../../ui/DataTable';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { fiscalErrorMessage } from './fiscalErrors';

/** A fiscal table (spec 2 §2 "Tables"): filterable, sortable, erroneous tracking rows in red. */
export function FiscalTable<Row>(props: DataTableProps<Row>) {
  const { t } = useI18n();
  return <DataTable isFilterable isSortable errorDateText={t('fiscal.trackingError')} {...props} />;
}

/** Red with 'Erreur tracking' in its dates: a history row that does not hold against its record. */
export function trackingRowTone(entry: FiscalTrackingEntry): 'error' | undefined {
  return entry.isError ? 'error' : undefined;
}

/** A fiscal table fed by one query: a spinner while it loads, an error with a retry if it fails. */
export function FiscalQueryTable<Row>({
  query,
  ...props
}: Omit<DataTableProps<Row>, 'rows'> & { query: UseQueryResult<readonly Row[]> }) {
  const { t } = useI18n();
  if (query.isPending) return <LoadingState label={t('common.loading')} />;
  if (query.isError) {
    return (
      <ErrorState
        message={t(fiscalErrorMessage(query.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <FiscalTable rows={query.data} {...props} />;
}
