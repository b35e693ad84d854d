import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './data-export.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { SalesLinesExportFilters } from './SalesLinesExportFilters';
import { SalesLinesExportForm } from './SalesLinesExportForm';
import {
  defaultSalesLinesFilters,
  salesLinesExportBodyOf,
  salesLinesPeriodProblem,
  salesLinesQueryOf,
  type SalesLinesFilters,
} from './salesLinesExportRules';
import { salesLinesQueries } from './salesLinesQueries';
import { SalesLinesPreviewTable } from './SalesLinesPreviewTable';
import './data-export.css';

/** The sales-lines data export (`export-data`, spec 3 §2 "Data export"): filters, preview, export by mail. */
export function SalesLinesExportPage() {
  const { t } = useI18n();
  const user = useQuery(userQueries.me());
  const [filters, setFilters] = useState<SalesLinesFilters>(() => defaultSalesLinesFilters());
  // The preview follows every change whose period is valid; an invalid period shows none (no stale
  // lines under the period's error) and asks nothing.
  const [applied, setApplied] = useState<SalesLinesFilters>(filters);
  const isPeriodInvalid = salesLinesPeriodProblem(filters) !== null;
  const companyIds = (user.data?.companies ?? []).map((company) => company.id);
  const preview = useQuery({
    ...salesLinesQueries.preview(salesLinesQueryOf(applied, companyIds)),
    enabled: user.isSuccess && !isPeriodInvalid,
    placeholderData: keepPreviousData,
  });

  function handleChange(next: SalesLinesFilters) {
    setFilters(next);
    if (salesLinesPeriodProblem(next) === null) setApplied(next);
  }

  const isCurrent = applied === filters && !preview.isPlaceholderData;
  const total = isCurrent && preview.data ? preview.data.total : null;

  return (
    <div className="page sales-lines-page">
      <title>{`${t('area.exportData')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('area.exportData')}</h1>
        <p className="page-intro">{t('salesLinesExport.intro')}</p>
      </header>
      <SalesLinesExportFilters
        filters={filters}
        companies={user.data?.companies ?? []}
        onChange={handleChange}
      />
      <section
        className="sales-lines-preview card"
        aria-label={t('salesLinesExport.preview')}
        aria-busy={preview.isFetching}
      >
        <h2 className="sales-lines-export-title">{t('salesLinesExport.preview')}</h2>
        {isPeriodInvalid ? (
          <EmptyState title={t('salesLinesExport.previewInvalidPeriod')} />
        ) : preview.isPending ? (
          <LoadingState label={t('common.loading')} />
        ) : preview.isError ? (
          <ErrorState
            message={t('salesLinesExport.loadError')}
            retryLabel={t('common.retry')}
            onRetry={() => void preview.refetch()}
          />
        ) : preview.data.total === 0 ? (
          <EmptyState title={t('salesLinesExport.empty')} hint={t('salesLinesExport.emptyHint')} />
        ) : (
          <SalesLinesPreviewTable lines={preview.data.data} total={preview.data.total} />
        )}
      </section>
      <SalesLinesExportForm
        defaultEmail={user.data?.email ?? ''}
        previewTotal={total}
        bodyOf={(email, format) => salesLinesExportBodyOf(applied, companyIds, email, format)}
      />
    </div>
  );
}
