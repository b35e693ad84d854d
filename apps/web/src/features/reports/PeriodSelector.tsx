import { useState } from 'react';
import { useI18n } from './reports.i18n';
import { DateRangeField, type DayRange } from '../../ui/DateRangeField';
import {
  businessToday,
  checkPeriod,
  MAX_PERIOD_DAYS,
  PERIOD_SHORTCUTS,
  shortcutPeriod,
  type Period,
} from './reportPeriods';

/** A period shortcut, or two dates of the user's: a start not after the end, 366 days at most. */
export function PeriodSelector({
  period,
  dayStartHour,
  onChange,
}: {
  period: Period;
  dayStartHour: number;
  onChange: (period: Period) => void;
}) {
  const { t } = useI18n();
  const today = businessToday(new Date(), dayStartHour);
  // The dates being typed: the report follows them once they make a period it can show.
  const [draft, setDraft] = useState<DayRange>({ start: period.begin, end: period.end });
  const [shownPeriod, setShownPeriod] = useState(period);
  if (shownPeriod.begin !== period.begin || shownPeriod.end !== period.end) {
    setShownPeriod(period);
    setDraft({ start: period.begin, end: period.end });
  }

  function handleChange(range: DayRange) {
    setDraft(range);
    const next = { begin: range.start, end: range.end };
    if (checkPeriod(next) === null) onChange(next);
  }

  return (
    <DateRangeField
      className="period-selector"
      labelClassName="report-filter-label"
      value={draft}
      onChange={handleChange}
      maxSpan={{ days: MAX_PERIOD_DAYS }}
      startLabel={t('reports.period.begin')}
      endLabel={t('reports.period.end')}
      shortcuts={{
        label: t('reports.filters.period'),
        customLabel: t('reports.period.custom'),
        options: PERIOD_SHORTCUTS.map((shortcut) => {
          const range = shortcutPeriod(shortcut, today);
          return {
            id: shortcut,
            label: t(`reports.period.${shortcut}`),
            range: { start: range.begin, end: range.end },
          };
        }),
      }}
      messages={{
        missingDate: t('reports.period.error.invalidDate'),
        invalidDate: t('reports.period.error.invalidDate'),
        reversed: t('reports.period.error.reversed'),
        tooLong: t('reports.period.error.tooLong'),
      }}
    />
  );
}
