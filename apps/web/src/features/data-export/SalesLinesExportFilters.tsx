import { useId } from 'react';
import { SALES_LINES_ACTIVITY_TYPES, type ActivityType, type CompanySummary } from '@comptoir/contracts';
import { useI18n } from './data-export.i18n';
import { CompanyMultiSelect } from '../../ui/CompanyMultiSelect';
import { DateRangeField } from '../../ui/DateRangeField';
import { MultiSelect } from '../../ui/MultiSelect';
import type { SalesLinesFilters } from './salesLinesExportRules';

/** Spec 3 §2 "Data export": export type, period (one year at most), establishments, activity types. */
export function SalesLinesExportFilters({
  filters,
  companies,
  onChange,
}: {
  filters: SalesLinesFilters;
  companies: readonly CompanySummary[];
  onChange: (filters: SalesLinesFilters) => void;
}) {
  const { t, plural } = useI18n();
  const typeId = useId();
  return (
    <section className="sales-lines-filters card" aria-label={t('salesLinesExport.filters')}>
      <div className="sales-lines-filter">
        <label htmlFor={typeId} className="sales-lines-filter-label">
          {t('salesLinesExport.type')}
        </label>
        <select id={typeId} className="sales-lines-type" value="sales_lines" onChange={() => undefined}>
          <option value="sales_lines">{t('salesLinesExport.type.salesLines')}</option>
        </select>
      </div>
      <DateRangeField
        className="sales-lines-period"
        value={{ start: filters.startDay, end: filters.endDay }}
        onChange={(days) => onChange({ ...filters, startDay: days.start, endDay: days.end })}
        maxSpan={{ years: 1, isAnniversaryIncluded: true }}
        startLabel={t('salesLinesExport.startDate')}
        endLabel={t('salesLinesExport.endDate')}
        labelClassName="sales-lines-filter-label"
        messages={{
          missingDate: t('salesLinesExport.error.INVALID_DATE'),
          invalidDate: t('salesLinesExport.error.INVALID_DATE'),
          reversed: t('salesLinesExport.error.REVERSED_DATES'),
          tooLong: t('salesLinesExport.error.PERIOD_TOO_LONG'),
        }}
      />
      <CompanyMultiSelect
        className="sales-lines-filter"
        labelClassName="sales-lines-filter-label"
        companies={companies}
        selected={filters.companyIds}
        onChange={(companyIds) => onChange({ ...filters, companyIds })}
        status={companies.length === 0 ? t('salesLinesExport.noCompany') : null}
      />
      <MultiSelect
        className="sales-lines-filter"
        labelClassName="sales-lines-filter-label"
        label={t('salesLinesExport.activity')}
        allLabel={t('salesLinesExport.allActivities')}
        summary={(ticked) =>
          ticked.length === 1
            ? (ticked[0]?.label ?? '')
            : plural('salesLinesExport.activityCount', ticked.length)
        }
        options={SALES_LINES_ACTIVITY_TYPES.map((type) => ({
          id: String(type),
          label: t(`salesLinesExport.activity.${type}`),
        }))}
        selected={filters.activity.map(String)}
        onChange={(activity) => onChange({ ...filters, activity: activity.map(Number) as ActivityType[] })}
      />
    </section>
  );
}
