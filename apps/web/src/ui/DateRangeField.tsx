import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { DateRange, Matcher } from 'react-day-picker';
import { isCalendarDay, formatBusinessDay, parisToday } from '@comptoir/contracts';
import {
  clampDay,
  dateOfDay,
  dayOfDate,
  dayRangeProblem,
  displayedDay,
  earliestStart,
  latestEnd,
  parseTypedDay,
  type DayRange,
  type DayRangeProblem,
  type DayRangeRules,
} from './dateRangeRules';
import { Icon } from './Icon';
import { useUiI18n } from './useUiI18n';
import './date-range-field.css';

export type { DayRange, DayRangeProblem } from './dateRangeRules';

const DateRangeCalendar = lazy(() => import('./DateRangeCalendar'));

/** The shortcut select's value while the dates are the user's own. */
const CUSTOM = '';

export interface DateRangeShortcut {
  /** Not empty. */
  id: string;
  label: string;
  range: DayRange;
}

export interface DateRangeFieldProps extends DayRangeRules {
  value: DayRange;
  /** Each change; a day that is not (yet) readable comes as ''. */
  onChange: (range: DayRange) => void;
  startLabel?: string;
  endLabel?: string;
  /** Predefined periods offered in a select before the dates. */
  shortcuts?: {
    label: string;
    /** The select's reading when the dates match no shortcut. */
    customLabel: string;
    options: readonly DateRangeShortcut[];
  };
  /** The screen's own wording of some problems, instead of the catalogue's. */
  messages?: Partial<Record<DayRangeProblem, string>>;
  /** Where the screen itself says what is wrong: the field then shows no message and points there. */
  errorId?: string;
  isDisabled?: boolean;
  /** `cells`: the shortcut select and each date take a cell of the caller's grid. */
  layout?: 'inline' | 'cells';
  labelClassName?: string;
  className?: string;
}

type Side = 'start' | 'end';

/**
 * A period typed `DD/MM/YYYY` or picked in a calendar, with optional shortcuts, under the screen's
 * rules: days within [min, max] (a typed day outside is moved to the nearest), the start not after
 * the end, and a longest span (the calendar then offers only the days within it of the first one
 * picked).
 */
export function DateRangeField({
  value,
  onChange,
  min,
  max,
  maxSpan,
  startLabel,
  endLabel,
  shortcuts,
  messages,
  errorId: externalErrorId,
  isDisabled = false,
  layout = 'inline',
  labelClassName = 'date-range-label',
  className,
}: DateRangeFieldProps) {
  const { t, language } = useUiI18n();
  const rules: DayRangeRules = { min, max, maxSpan };
  const ids = { shortcut: useId(), start: useId(), end: useId(), error: useId(), popover: useId() };
  const root = useRef<HTMLDivElement>(null);
  const startInput = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);

  const [texts, setTexts] = useState(() => ({
    start: displayedDay(value.start),
    end: displayedDay(value.end),
  }));
  const [shownValue, setShownValue] = useState(value);
  const [editing, setEditing] = useState<Side | null>(null);
  const [isCustomChosen, setIsCustomChosen] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [pendingStart, setPendingStart] = useState<string | null>(null);
  const [month, setMonth] = useState(() => new Date());
  const [position, setPosition] = useState<CSSProperties>({});

  // A new value from the screen (a shortcut, a clamped or picked day) replaces the text unless the text already says it.
  if (shownValue.start !== value.start || shownValue.end !== value.end) {
    setShownValue(value);
    setTexts({
      start: (parseTypedDay(texts.start) ?? '') === value.start ? texts.start : displayedDay(value.start),
      end: (parseTypedDay(texts.end) ?? '') === value.end ? texts.end : displayedDay(value.end),
    });
  }

  const sideProblem = (side: Side): DayRangeProblem | null => {
    if (texts[side].trim() === '') return 'missingDate';
    return isCalendarDay(value[side]) ? null : 'invalidDate';
  };
  const problem = sideProblem('start') ?? sideProblem('end') ?? dayRangeProblem(value, rules);
  const invalidSides = new Set<Side>(
    (['start', 'end'] as const).filter((side) => {
      if (problem === null) return false;
      if (problem === 'reversed' || problem === 'tooLong') return true;
      if (problem === 'beforeMin') return min !== undefined && value[side] < min;
      if (problem === 'afterMax') return max !== undefined && value[side] > max;
      return sideProblem(side) !== null;
    }),
  );
  // A day being typed is judged once the user leaves it.
  const isShown =
    problem !== null && !(editing !== null && invalidSides.size === 1 && invalidSides.has(editing));
  const message = problem === null ? '' : (messages?.[problem] ?? catalogueMessage(problem));
  const errorId = externalErrorId ?? ids.error;

  function catalogueMessage(kind: DayRangeProblem): string {
    if (kind === 'beforeMin') return t('ui.dateRange.error.beforeMin', { min: displayedDay(min ?? '') });
    if (kind === 'afterMax') return t('ui.dateRange.error.afterMax', { max: displayedDay(max ?? '') });
    return t(`ui.dateRange.error.${kind}`);
  }

  const chosenShortcut = shortcuts?.options.find(
    (option) => option.range.start === value.start && option.range.end === value.end,
  );

  function handleShortcut(id: string) {
    const picked = shortcuts?.options.find((option) => option.id === id);
    setIsCustomChosen(picked === undefined);
    if (picked) onChange(picked.range);
  }

  function handleText(side: Side, text: string) {
    setTexts({ ...texts, [side]: text });
    const day = parseTypedDay(text);
    const next = day === null ? '' : clampDay(day, rules);
    if (next !== value[side]) onChange({ ...value, [side]: next });
  }

  function handleBlur(side: Side) {
    setEditing(null);
    // A readable day is shown again as the field writes it (and as clamped).
    if (parseTypedDay(texts[side]) !== null) setTexts({ ...texts, [side]: displayedDay(value[side]) });
  }

  function open() {
    const shown = [value.start, value.end].find((day) => isCalendarDay(day)) ?? parisToday();
    setMonth(dateOfDay(clampDay(shown, rules)));
    setPendingStart(null);
    setIsOpen(true);
  }

  function close(isFocusReturned: boolean) {
    setIsOpen(false);
    setPendingStart(null);
    if (isFocusReturned) trigger.current?.focus();
  }

  function handleSelect(range: DateRange | undefined) {
    if (!range?.from) return;
    if (!range.to) {
      setPendingStart(dayOfDate(range.from));
      return;
    }
    setIsCustomChosen(false);
    onChange({ start: dayOfDate(range.from), end: dayOfDate(range.to) });
    close(true);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !isOpen) return;
    // Inside a modal dialog, Escape closes the calendar only.
    event.preventDefault();
    event.stopPropagation();
    close(true);
  }

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (root.current?.contains(event.target as Node)) return;
      setIsOpen(false);
      setPendingStart(null);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [isOpen]);

  // Fixed to the window, so that a modal's scrolling body does not clip it; below the dates, or above them when there is no room.
  useLayoutEffect(() => {
    if (!isOpen) return;
    const place = () => {
      const panel = popover.current;
      const first = startInput.current?.getBoundingClientRect();
      const last = trigger.current?.getBoundingClientRect();
      if (!panel || !first || !last) return;
      const margin = 8;
      const below = Math.max(first.bottom, last.bottom) + 4;
      const above = Math.min(first.top, last.top) - 4 - panel.offsetHeight;
      const fitsBelow = below + panel.offsetHeight <= window.innerHeight - margin;
      const top = fitsBelow || above < margin ? below : above;
      setPosition({
        top: Math.max(margin, Math.min(top, window.innerHeight - margin - panel.offsetHeight)),
        left: Math.max(margin, Math.min(first.left, window.innerWidth - margin - panel.offsetWidth)),
      });
    };
    place();
    // The calendar arrives a moment after the popover opens, the first time.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    if (popover.current) resizes?.observe(popover.current);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      resizes?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [isOpen]);

  const today = parisToday();
  const disabledDays: Matcher[] = [];
  if (min !== undefined) disabledDays.push({ before: dateOfDay(min) });
  if (max !== undefined) disabledDays.push({ after: dateOfDay(max) });
  if (pendingStart !== null && maxSpan) {
    disabledDays.push({ before: dateOfDay(earliestStart(pendingStart, maxSpan)) });
    disabledDays.push({ after: dateOfDay(latestEnd(pendingStart, maxSpan)) });
  }
  const selected: DateRange | undefined =
    pendingStart !== null
      ? { from: dateOfDay(pendingStart), to: undefined }
      : problem === null
        ? { from: dateOfDay(value.start), to: dateOfDay(value.end) }
        : undefined;
  const todayYear = Number(today.slice(0, 4));

  function dayInput(side: Side) {
    const isInvalid = isShown && invalidSides.has(side);
    return (
      <div className={`date-range-part date-range-day is-${side}`}>
        <label className={labelClassName} htmlFor={ids[side]}>
          {side === 'start' ? (startLabel ?? t('ui.dateRange.start')) : (endLabel ?? t('ui.dateRange.end'))}
        </label>
        <div className="date-range-control-row">
          <input
            ref={side === 'start' ? startInput : undefined}
            id={ids[side]}
            className="date-range-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('ui.dateRange.placeholder')}
            required
            disabled={isDisabled}
            value={texts[side]}
            aria-invalid={isInvalid ? true : undefined}
            aria-describedby={isShown ? errorId : undefined}
            onChange={(event) => handleText(side, event.target.value)}
            onFocus={() => setEditing(side)}
            onBlur={() => handleBlur(side)}
            onKeyDown={(event) => {
              if (event.altKey && event.key === 'ArrowDown') {
                event.preventDefault();
                open();
              }
            }}
          />
          {side === 'end' ? (
            <button
              ref={trigger}
              type="button"
              className="date-range-open"
              aria-label={t('ui.dateRange.open')}
              title={t('ui.dateRange.open')}
              aria-haspopup="dialog"
              aria-expanded={isOpen}
              aria-controls={isOpen ? ids.popover : undefined}
              disabled={isDisabled}
              onClick={() => (isOpen ? close(true) : open())}
            >
              <Icon name="calendar" size={20} />
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div
      ref={root}
      className={['date-range-field', layout === 'cells' ? 'is-cells' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      onKeyDown={handleKeyDown}
      onBlur={(event) => {
        // Tabbing out closes the calendar; a day button that the calendar removes leaves no related target.
        const next = event.relatedTarget;
        if (isOpen && next instanceof Node && !event.currentTarget.contains(next)) close(false);
      }}
    >
      {shortcuts ? (
        <div className="date-range-part date-range-shortcuts">
          <label className={labelClassName} htmlFor={ids.shortcut}>
            {shortcuts.label}
          </label>
          <select
            id={ids.shortcut}
            className="date-range-select"
            value={isCustomChosen ? CUSTOM : (chosenShortcut?.id ?? CUSTOM)}
            disabled={isDisabled}
            onChange={(event) => handleShortcut(event.target.value)}
          >
            {shortcuts.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
            <option value={CUSTOM}>{shortcuts.customLabel}</option>
          </select>
        </div>
      ) : null}
      {dayInput('start')}
      {dayInput('end')}
      {isOpen ? (
        <div
          ref={popover}
          id={ids.popover}
          className="date-range-popover"
          role="dialog"
          aria-label={t('ui.dateRange.calendar')}
          style={position}
        >
          <p className="date-range-hint" aria-live="polite">
            {pendingStart === null
              ? t('ui.dateRange.pickStart')
              : t('ui.dateRange.pickEnd', { start: formatBusinessDay(pendingStart) })}
          </p>
          <Suspense fallback={null}>
            <DateRangeCalendar
              language={language}
              selected={selected}
              onSelect={handleSelect}
              disabled={disabledDays}
              month={month}
              onMonthChange={setMonth}
              startMonth={dateOfDay(min ?? `${todayYear - 10}-01-01`)}
              endMonth={dateOfDay(max ?? `${todayYear + 1}-12-31`)}
              today={dateOfDay(today)}
            />
          </Suspense>
        </div>
      ) : null}
      {isShown && externalErrorId === undefined ? (
        <p id={ids.error} className="date-range-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
