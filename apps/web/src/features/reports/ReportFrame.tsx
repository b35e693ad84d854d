import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { CompanySummary, ReportSettings } from '@comptoir/contracts';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './reports.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { defaultFilters, type ReportFilters } from './reportFilters';
import { ReportFiltersBar } from './ReportFilters';
import { businessToday } from './reportPeriods';
import { reportQueries } from './reportQueries';
import { saveReportFilters, useStoredReportFilters } from './useReportFilters';
import './reports.css';

/** What a report page reads besides its own data. */
export interface ReportContext {
  filters: ReportFilters;
  companies: readonly CompanySummary[];
  /** Undefined when the settings could not be read: the reports then use the defaults below. */
  settings: ReportSettings | undefined;
  isInclVat: boolean;
  dayStartHour: number;
}

/**
 * A report page: its title, the filter bar shared by every report, then the report itself once the
 * filters are known. A first visit in the tab takes them from the user's report settings.
 */
export function ReportFrame({
  title,
  hasActivityFilter = true,
  children,
}: {
  title: string;
  /** Shifts and their control strips are not split by activity type. */
  hasActivityFilter?: boolean;
  children: (context: ReportContext) => ReactNode;
}) {
  const { t } = useI18n();
  const user = useQuery(userQueries.me());
  const settings = useQuery(reportQueries.settings());
  const companies = user.data?.companies;
  const companyIds = useMemo(() => companies?.map((company) => company.id) ?? [], [companies]);
  const { filters, isClean } = useStoredReportFilters(companyIds);
  const canWriteFilters = user.isSuccess && !settings.isPending;
  const dayStartHour = settings.data?.dayStartHour ?? 0;

  useEffect(() => {
    if (!canWriteFilters || isClean) return;
    saveReportFilters(
      filters ?? defaultFilters(settings.data, companyIds, businessToday(new Date(), dayStartHour)),
    );
  }, [canWriteFilters, isClean, filters, settings.data, companyIds, dayStartHour]);

  let body: ReactNode;
  if (user.isError) {
    body = (
      <ErrorState
        message={t('common.error')}
        retryLabel={t('common.retry')}
        onRetry={() => void user.refetch()}
      />
    );
  } else if (!companies || !filters || !isClean || settings.isPending) {
    body = <LoadingState label={t('common.loading')} />;
  } else {
    body = (
      <>
        <ReportFiltersBar
          filters={filters}
          companies={companies}
          dayStartHour={dayStartHour}
          hasActivityFilter={hasActivityFilter}
          onChange={saveReportFilters}
        />
        {children({
          filters,
          companies,
          settings: settings.data,
          isInclVat: settings.data?.amountsInclVat ?? true,
          dayStartHour,
        })}
      </>
    );
  }

  return (
    <div className="page report-page">
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      {body}
    </div>
  );
}
