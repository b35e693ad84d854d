import { useContext } from 'react';
import { commonMessages } from './common.messages';
import type { AreaMessages } from './defineMessages';
import { LanguageContext } from './LanguageContext';
import { translatorFor, type Language, type TranslatorOf } from './translate';

export type CommonMessageKey = keyof typeof commonMessages.fr;

type KeysOf<Area> = Area extends AreaMessages<infer Key> ? Key : never;

/**
 * The translator of one part of the portal: its own catalogues plus the common texts. Typed by them
 * alone, so a feature cannot name another feature's key by accident.
 */
export function areaI18n<const Areas extends readonly AreaMessages<string>[]>(...areas: Areas) {
  type Key = KeysOf<Areas[number]> | CommonMessageKey;
  const translators = new Map<Language, TranslatorOf<Key>>();
  const createTranslator = (language: Language): TranslatorOf<Key> => {
    let translator = translators.get(language);
    if (!translator) {
      const catalog = Object.assign(
        {},
        commonMessages[language],
        ...areas.map((area) => area[language]),
      ) as Record<Key, string>;
      translator = translatorFor(catalog, language);
      translators.set(language, translator);
    }
    return translator;
  };
  return {
    createTranslator,
    useI18n: (): TranslatorOf<Key> => createTranslator(useContext(LanguageContext)),
  };
}
