import { DayPicker, type DateRange, type Matcher } from 'react-day-picker';
import { ca, enGB, es, fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import type { Language } from '../i18n/translate';

/** The calendar follows the portal's language, never the browser's. */
const CALENDAR_LOCALES: Record<Language, typeof fr> = { fr, en: enGB, es, ca };

/**
 * DateRangeField's month grid: a period picked in two clicks (the second may come before the first).
 * Its own module, loaded when a calendar first opens, so that no page pays for it up front.
 */
export default function DateRangeCalendar({
  language,
  selected,
  onSelect,
  disabled,
  month,
  onMonthChange,
  startMonth,
  endMonth,
  today,
}: {
  language: Language;
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
  disabled: Matcher[];
  month: Date;
  onMonthChange: (month: Date) => void;
  startMonth: Date;
  endMonth: Date;
  today: Date;
}) {
  return (
    <DayPicker
      mode="range"
      required
      resetOnSelect
      locale={CALENDAR_LOCALES[language]}
      selected={selected}
      onSelect={onSelect}
      disabled={disabled}
      month={month}
      onMonthChange={onMonthChange}
      captionLayout="dropdown"
      startMonth={startMonth}
      endMonth={endMonth}
      today={today}
      fixedWeeks
      autoFocus
    />
  );
}
