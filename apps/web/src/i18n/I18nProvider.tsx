import { useEffect, useMemo, type ReactNode } from 'react';
import { createTranslator, type Language } from './i18n';
import { I18nContext } from './I18nContext';
import { LanguageContext } from './LanguageContext';

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const translator = useMemo(() => createTranslator(language), [language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <LanguageContext value={language}>
      <I18nContext value={translator}>{children}</I18nContext>
    </LanguageContext>
  );
}
