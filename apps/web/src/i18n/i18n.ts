import { catalogs, type MessageKey } from './messages';
import {
  DEFAULT_LANGUAGE,
  translatorFor,
  type Language,
  type PluralBase,
  type TranslatorOf,
} from './translate';

export type { MessageKey };
export { DEFAULT_LANGUAGE, type Language } from './translate';

/** Keys that come as a `.one` / `.other` pair, named without the suffix. */
export type PluralKey = PluralBase<MessageKey>;

export type Translator = TranslatorOf<MessageKey>;

/** The user's saved locale first, then the browser's languages, then French (spec §1). */
export function resolveLanguage(
  userLocale: string | null | undefined,
  browserLanguages: readonly string[],
): Language {
  for (const tag of [userLocale, ...browserLanguages]) {
    const language = tag ? toLanguage(tag) : null;
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function toLanguage(tag: string): Language | null {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return primary === 'fr' || primary === 'en' || primary === 'es' || primary === 'ca' ? primary : null;
}

export function createTranslator(language: Language): Translator {
  return translatorFor(catalogs[language], language);
}
