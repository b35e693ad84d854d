import type { CompanySummary } from '@comptoir/contracts';
import { useI18n } from '../../i18n/useI18n';
import { ActivitySelector } from './ActivitySelector';
import { CompanySelector } from './CompanySelector';
import { PeriodSelector } from './PeriodSelector';
import type { ReportFilters } from './reportFilters';

/** The filter bar of every report page: establishments, period, activity types. */
export function ReportFiltersBar({
  filters,
  companies,
  dayStartHour,
  hasActivityFilter,
  onChange,
}: {
  filters: ReportFilters;
  companies: readonly CompanySummary[];
  dayStartHour: number;
  hasActivityFilter: boolean;
  onChange: (filters: ReportFilters) => void;
}) {
  const { t } = useI18n();
  return (
    <section className="report-filters card" aria-label={t('reports.filters.title')}>
      <CompanySelector
        companies={companies}
        selected={filters.companyIds}
        onChange={(companyIds) => onChange({ ...filters, companyIds })}
      />
      <PeriodSelector
        period={filters}
        dayStartHour={dayStartHour}
        onChange={(period) => onChange({ ...filters, ...period })}
      />
      {hasActivityFilter ? (
        <ActivitySelector
          selected={filters.activity}
          onChange={(activity) => onChange({ ...filters, activity })}
        />
      ) : null}
    </section>
  );
}
