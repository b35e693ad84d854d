import type { CompanySummary } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import { CompanyMultiSelect } from '../../ui/CompanyMultiSelect';
import { ActivitySelector } from './ActivitySelector';
import { PeriodSelector } from './PeriodSelector';
import type { ReportFilters } from './reportFilters';

/** The filter bar of every report page: establishments (one, several or all), period, activity types. */
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
      {companies.length > 1 ? (
        <CompanyMultiSelect
          className="report-filter"
          labelClassName="report-filter-label"
          companies={companies}
          selected={filters.companyIds}
          onChange={(companyIds) => onChange({ ...filters, companyIds })}
        />
      ) : (
        // A user with a single establishment reads its name.
        <div className="report-filter">
          <span className="report-filter-label">{t('reports.filters.company')}</span>
          <p className="report-filter-static">
            {companies[0]?.company_name ?? t('reports.filters.noCompany')}
          </p>
        </div>
      )}
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
