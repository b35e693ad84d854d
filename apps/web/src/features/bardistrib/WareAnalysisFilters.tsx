import { useId, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BardistribShift, CompanySummary } from '@comptoir/contracts';
import { useI18n } from './bardistrib.i18n';
import { DateRangeField } from '../../ui/DateRangeField';
import { MultiSelect } from '../../ui/MultiSelect';
import { bardistribQueries } from './bardistribQueries';
import { useLoadErrorFlash } from './useLoadErrorFlash';
import { keptShifts, periodProblem, type WareFilters } from './wareAnalysisFilters';

/** Spec 3 §2: date range, establishments, shifts (loaded for the chosen period) and « Valider ». */
export function WareAnalysisFilters({
  filters,
  companies,
  onChange,
  onSubmit,
}: {
  filters: WareFilters;
  companies: readonly CompanySummary[];
  onChange: (filters: WareFilters) => void;
  /** With the chosen shifts that the period holds. */
  onSubmit: (filters: WareFilters) => void;
}) {
  const { t, plural } = useI18n();
  const errorId = useId();
  const problem = periodProblem(filters);
  const period = { fromDay: filters.fromDay, toDay: filters.toDay, companyIds: filters.companyIds };
  const shifts = useQuery({ ...bardistribQueries.shifts(period), enabled: problem === null });
  useLoadErrorFlash(shifts);
  const available = shifts.data?.shifts;
  const isSeveralCompanies = new Set(available?.map((shift) => shift.id_company)).size > 1;
  // A shift chosen for another period or establishment is no longer on offer, nor sent.
  const shiftIds = keptShifts(filters.shiftIds, available ?? []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem === null) onSubmit({ ...filters, shiftIds });
  }

  function shiftLabel(shift: BardistribShift): string {
    const parts = {
      company: shift.company_name,
      register: shift.register_name,
      opening: shift.opening_date_label,
      closing: shift.closing_date_label,
    };
    return isSeveralCompanies
      ? t('bardistrib.shift.labelWithCompany', parts)
      : t('bardistrib.shift.label', parts);
  }

  return (
    <form
      className="ware-filters card"
      aria-label={t('bardistrib.filters')}
      onSubmit={handleSubmit}
      noValidate
    >
      <DateRangeField
        className="ware-filter-dates"
        labelClassName="ware-filter-label"
        value={{ start: filters.fromDay, end: filters.toDay }}
        onChange={(range) => onChange({ ...filters, fromDay: range.start, toDay: range.end })}
        startLabel={t('bardistrib.fromDate')}
        endLabel={t('bardistrib.toDate')}
        errorId={errorId}
      />
      {companies.length > 1 ? (
        <MultiSelect
          className="ware-filter"
          labelClassName="ware-filter-label"
          label={t('bardistrib.companies')}
          allLabel={t('bardistrib.companies.all')}
          summary={(ticked) => plural('bardistrib.companies.count', ticked.length)}
          options={companies.map((company) => ({ id: company.id, label: company.company_name }))}
          selected={filters.companyIds}
          onChange={(companyIds) => onChange({ ...filters, companyIds })}
        />
      ) : (
        <div className="ware-filter">
          <span className="ware-filter-label">{t('bardistrib.companies')}</span>
          <span className="ware-filter-static">{companies[0]?.company_name}</span>
        </div>
      )}
      <MultiSelect
        className="ware-filter"
        labelClassName="ware-filter-label"
        label={t('bardistrib.shifts')}
        allLabel={t('bardistrib.shifts.all')}
        summary={(ticked) => plural('bardistrib.shifts.count', ticked.length)}
        options={(available ?? []).map((shift) => ({
          id: shift.id_shift_document,
          label: shiftLabel(shift),
        }))}
        selected={shiftIds}
        isDisabled={problem !== null}
        status={
          shifts.isPending
            ? t('bardistrib.shifts.loading')
            : shifts.isError
              ? t('bardistrib.loadError')
              : available?.length === 0
                ? t('bardistrib.shifts.none')
                : null
        }
        onChange={(shiftIds) => onChange({ ...filters, shiftIds })}
      />
      <button type="submit" className="button button-primary ware-filters-submit" disabled={problem !== null}>
        {t('bardistrib.validate')}
      </button>
      {problem ? (
        <p id={errorId} className="ware-filters-error" role="alert">
          {t(problem === 'reversedDates' ? 'bardistrib.error.reversedDates' : 'bardistrib.error.invalidDate')}
        </p>
      ) : null}
    </form>
  );
}
