import { useState } from 'react';
import { displayedDay, parseTypedDay } from './dateRangeRules';
import { useUiI18n } from './useUiI18n';

/**
 * One day, shown and typed `DD/MM/YYYY` whatever the browser's language (a `type="date"` input shows
 * the browser's own order, mm/dd/yyyy in English); `value` and `onChange` speak `YYYY-MM-DD`, '' when
 * empty, and the text as typed while it is not a day yet.
 */
export function DayField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useUiI18n().t;
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      placeholder={t('ui.dateRange.placeholder')}
      value={typed ?? displayedDay(value)}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        onChange(text.trim() === '' ? '' : (parseTypedDay(text) ?? text));
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
