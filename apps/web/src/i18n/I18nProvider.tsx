import { useEffect, type ReactNode } from 'react';
import type { Language } from './translate';
import { LanguageContext } from './LanguageContext';

/** The interface language for every translator below it (`areaI18n`, `useUiI18n`), and `<html lang>`. */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <LanguageContext value={language}>{children}</LanguageContext>;
}
