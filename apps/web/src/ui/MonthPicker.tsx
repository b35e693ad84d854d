import { useContext, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LanguageContext } from '../i18n/LanguageContext';
import { parisMonth, shiftMonth, type CalendarMonth } from './months';
import './month-picker.css';

export interface MonthPickerLabels {
  /** The field's name ('Période'). */
  label: string;
  /** Shown while no month is chosen. */
  none: string;
  previous: string;
  next: string;
  choose: string;
  reset: string;
}

/**
 * One month chosen, or none: previous and next buttons, a calendar of the year's twelve months, and
 * a reset back to none. The texts come from the screen.
 */
export function MonthPicker({
  value,
  onChange,
  labels,
}: {
  value: CalendarMonth | null;
  onChange: (month: CalendarMonth | null) => void;
  labels: MonthPickerLabels;
}) {
  const language = useContext(LanguageContext);
  const [isOpen, setIsOpen] = useState(false);
  const [shownYear, setShownYear] = useState(() => Number((value ?? parisMonth()).slice(0, 4)));
  const panelId = useId();
  const labelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  const monthAndYear = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const shownText = value ? capitalized(monthAndYear.format(dateOfMonth(value))) : labels.none;

  useEffect(() => {
    if (isOpen) panel.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"], button')?.focus();
  }, [isOpen]);

  function open() {
    setShownYear(Number((value ?? parisMonth()).slice(0, 4)));
    setIsOpen(!isOpen);
  }

  function choose(month: CalendarMonth | null) {
    setIsOpen(false);
    onChange(month);
  }

  function handlePanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      setIsOpen(false);
    }
  }

  return (
    <div
      className="month-picker"
      role="group"
      aria-labelledby={labelId}
      onBlur={(event) => {
        // The calendar closes when the focus leaves the picker.
        if (!event.currentTarget.contains(event.relatedTarget)) setIsOpen(false);
      }}
    >
      <span id={labelId} className="month-picker-label">
        {labels.label}
      </span>
      <div className="month-picker-row">
        <button
          type="button"
          className="month-picker-step"
          aria-label={labels.previous}
          title={labels.previous}
          onClick={() => choose(shiftMonth(value ?? parisMonth(), value ? -1 : 0))}
        >
          ‹
        </button>
        <button
          type="button"
          className="month-picker-value"
          aria-expanded={isOpen}
          aria-controls={panelId}
          aria-label={`${labels.choose} : ${shownText}`}
          onClick={open}
        >
          {shownText}
        </button>
        <button
          type="button"
          className="month-picker-step"
          aria-label={labels.next}
          title={labels.next}
          onClick={() => choose(shiftMonth(value ?? parisMonth(), value ? 1 : 0))}
        >
          ›
        </button>
        <button
          type="button"
          className="month-picker-reset"
          disabled={value === null}
          onClick={() => choose(null)}
        >
          {labels.reset}
        </button>
      </div>
      {isOpen ? (
        <div id={panelId} ref={panel} className="month-picker-panel" onKeyDown={handlePanelKeyDown}>
          <div className="month-picker-year">
            <button
              type="button"
              className="month-picker-step"
              aria-label={String(shownYear - 1)}
              onClick={() => setShownYear(shownYear - 1)}
            >
              ‹
            </button>
            <span aria-live="polite">{shownYear}</span>
            <button
              type="button"
              className="month-picker-step"
              aria-label={String(shownYear + 1)}
              onClick={() => setShownYear(shownYear + 1)}
            >
              ›
            </button>
          </div>
          <div className="month-picker-grid">
            {Array.from({ length: 12 }, (_, index) => {
              const month = `${shownYear}-${String(index + 1).padStart(2, '0')}`;
              return (
                <button
                  key={month}
                  type="button"
                  aria-pressed={month === value}
                  aria-label={monthAndYear.format(dateOfMonth(month))}
                  onClick={() => choose(month)}
                >
                  {capitalized(monthName.format(dateOfMonth(month)))}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function dateOfMonth(month: CalendarMonth): Date {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));
}

/** French and Catalan month names are lowercase: `novembre 2026` reads `Novembre 2026` alone. */
function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
