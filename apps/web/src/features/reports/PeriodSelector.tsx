import { useId, useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { formatBusinessDay } from '../../ui/dates';
import {
  businessToday,
  checkPeriod,
  matchingShortcut,
  PERIOD_SHORTCUTS,
  shortcutPeriod,
  type Period,
  type PeriodShortcut,
} from './reportPeriods';

const CUSTOM = 'custom';

/** A period shortcut, or "Personnalisée" with two dates: a start not after the end, 366 days at most. */
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
  const selectId = useId();
  const errorId = useId();
  const today = businessToday(new Date(), dayStartHour);
  const shortcut = matchingShortcut(period, today);
  // Set by choosing "Personnalisée": the dates stay editable even when they match a shortcut.
  const [isCustomChosen, setIsCustomChosen] = useState(false);
  const [draft, setDraft] = useState(period);
  const isCustom = isCustomChosen || shortcut === null;
  const error = isCustom ? checkPeriod(draft) : null;

  function handleShortcut(value: string) {
    if (value === CUSTOM) {
      setIsCustomChosen(true);
      setDraft(period);
      return;
    }
    const next = shortcutPeriod(value as PeriodShortcut, today);
    setIsCustomChosen(false);
    setDraft(next);
    onChange(next);
  }

  function handleDate(end: 'begin' | 'end', value: string) {
    const next = { ...draft, [end]: value };
    setDraft(next);
    if (checkPeriod(next) === null) onChange(next);
  }

  return (
    <div className="report-filter period-selector">
      <label className="report-filter-label" htmlFor={selectId}>
        {t('reports.filters.period')}
      </label>
      <select
        id={selectId}
        className="report-filter-control"
        value={isCustom ? CUSTOM : (shortcut ?? CUSTOM)}
        onChange={(event) => handleShortcut(event.target.value)}
      >
        {PERIOD_SHORTCUTS.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(`reports.period.${candidate}`)}
          </option>
        ))}
        <option value={CUSTOM}>{t('reports.period.custom')}</option>
      </select>
      {isCustom ? (
        <>
          <div className="period-selector-dates">
            <label className="period-selector-date">
              <span>{t('reports.period.begin')}</span>
              <input
                type="date"
                className="report-filter-control"
                value={draft.begin}
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => handleDate('begin', event.target.value)}
              />
            </label>
            <label className="period-selector-date">
              <span>{t('reports.period.end')}</span>
              <input
                type="date"
                className="report-filter-control"
                value={draft.end}
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => handleDate('end', event.target.value)}
              />
            </label>
          </div>
          {error ? (
            <p id={errorId} className="report-filter-error" role="alert">
              {t(`reports.period.error.${error}`)}
            </p>
          ) : null}
        </>
      ) : (
        <p className="period-selector-range">
          {period.begin === period.end
            ? t('reports.period.day', { day: formatBusinessDay(period.begin) })
            : t('reports.period.range', {
                begin: formatBusinessDay(period.begin),
                end: formatBusinessDay(period.end),
              })}
        </p>
      )}
    </div>
  );
}
