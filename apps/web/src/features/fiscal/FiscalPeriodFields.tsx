import { useMemo } from 'react';
import {
  FISCAL_PERIOD_FIRST_DAY,
  FISCAL_PERIOD_MAX_DAYS,
  fiscalPeriodLastDay,
  parisToday,
} from '@comptoir/contracts';
import type { Translator } from './fiscal.i18n';
import type { Language } from '../../i18n/i18n';
import { useI18n } from './fiscal.i18n';
import { DateRangeField } from '../../ui/DateRangeField';
import { predefinedRanges, type DateRange, type PredefinedRange } from './closureFilters';

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

  return (
    <DateRangeField
      layout="cells"
      labelClassName="field-label"
      value={{ start: range.startDate, end: range.endDate }}
      onChange={(days) => onChange({ startDate: days.start, endDate: days.end })}
      min={FISCAL_PERIOD_FIRST_DAY}
      max={fiscalPeriodLastDay()}
      maxSpan={{ days: FISCAL_PERIOD_MAX_DAYS }}
      startLabel={t('fiscal.closures.startDate')}
      endLabel={t('fiscal.closures.endDate')}
      shortcuts={{
        label: t('fiscal.closures.predefined'),
        customLabel: t('fiscal.closures.customRange'),
        options: ranges.map((candidate) => ({
          id: rangeValue(candidate.range),
          label: rangeLabel(candidate, t, language),
          range: { start: candidate.range.startDate, end: candidate.range.endDate },
        })),
      }}
      errorId={errorId}
    />
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
