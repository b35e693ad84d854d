import { useContext } from 'react';
import { LanguageContext } from '../i18n/LanguageContext';
import { translatorFor, type TranslatorOf } from '../i18n/translate';
import { uiMessages } from './ui.messages';

export type UiMessageKey = keyof typeof uiMessages.fr;
export type UiTranslator = TranslatorOf<UiMessageKey>;

const translators: Record<keyof typeof uiMessages, UiTranslator> = {
  fr: translatorFor(uiMessages.fr, 'fr'),
  en: translatorFor(uiMessages.en, 'en'),
  es: translatorFor(uiMessages.es, 'es'),
  ca: translatorFor(uiMessages.ca, 'ca'),
};

/** ui/'s own texts in the interface language; it never loads the features' catalogues. */
export function useUiI18n(): UiTranslator {
  return translators[useContext(LanguageContext)];
}
