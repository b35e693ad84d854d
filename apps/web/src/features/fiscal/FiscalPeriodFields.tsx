import { useId, useMemo } from 'react';
import type { Language, Translator } from '../../i18n/i18n';
import { useI18n } from '../../i18n/useI18n';
import { parisToday } from '../../ui/dates';
import {
  checkRange,
  matchingRange,
  predefinedRanges,
  rangeDayBounds,
  type DateRange,
  type PredefinedRange,
} from './closureFilters';

const NO_RANGE = '';

/**
 * The period fields of a fiscal screen's filters (spec 2 §2): the predefined ranges (current year,
 * the two previous years, each month of the current year), then start and end, the start never
 * after the end, within the server's fiscal period rule (from 2000 to the end of the current year,
 * a year at most). `errorId` names the element where the page says what is wrong with the range.
 */
export function FiscalPeriodFields({
  range,
  onChange,
  errorId,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
  errorId: string;
}) {
  const { t, language } = useI18n();
  const today = parisToday();
  const ranges = useMemo(() => predefinedRanges(today), [today]);
  const chosen = matchingRange(range, today);
  const problem = checkRange(range);
  const bounds = rangeDayBounds(range);
  const isInvalid = problem !== null && problem !== 'missingDate';
  const ids = { range: useId(), start: useId(), end: useId() };

  return (
    <>
      <div className="field fiscal-filter-range">
        <label className="field-label" htmlFor={ids.range}>
          {t('fiscal.closures.predefined')}
        </label>
        <select
          id={ids.range}
          className="field-input"
          value={chosen ? rangeValue(chosen.range) : NO_RANGE}
          onChange={(event) => {
            const picked = ranges.find((candidate) => rangeValue(candidate.range) === event.target.value);
            if (picked) onChange(picked.range);
          }}
        >
          <option value={NO_RANGE}>{t('fiscal.closures.customRange')}</option>
          {ranges.map((candidate) => (
            <option key={rangeValue(candidate.range)} value={rangeValue(candidate.range)}>
              {rangeLabel(candidate, t, language)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.start}>
          {t('fiscal.closures.startDate')}
        </label>
        <input
          id={ids.start}
          type="date"
          className={isInvalid ? 'field-input is-invalid' : 'field-input'}
          value={range.startDate}
          min={bounds.start.min}
          max={bounds.start.max}
          required
          aria-invalid={isInvalid ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => onChange({ startDate: event.target.value, endDate: range.endDate })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.end}>
          {t('fiscal.closures.endDate')}
        </label>
        <input
          id={ids.end}
          type="date"
          className="field-input"
          value={range.endDate}
          min={bounds.end.min}
          max={bounds.end.max}
          required
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => onChange({ startDate: range.startDate, endDate: event.target.value })}
        />
      </div>
    </>
  );
}

function rangeValue(range: DateRange): string {
  return `${range.startDate}/${range.endDate}`;
}

function rangeLabel(range: PredefinedRange, t: Translator['t'], language: Language): string {
  if (range.kind === 'year') {
    return range.isCurrent
      ? t('fiscal.closures.currentYear', { year: range.year })
      : t('fiscal.closures.year', { year: range.year });
  }
  const month = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(range.year, range.month - 1, 1)),
  );
  return month.charAt(0).toUpperCase() + month.slice(1);
}
