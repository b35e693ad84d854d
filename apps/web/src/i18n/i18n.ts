import { formatInteger } from '../ui/numbers';
import { catalogs, type MessageKey } from './messages';

export type { MessageKey };
export type Language = 'fr' | 'en' | 'es' | 'ca';
export const DEFAULT_LANGUAGE: Language = 'fr';

/** Keys that come as a `.one` / `.other` pair, named without the suffix. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.one` ? Base : never) : never;

export type MessageParams = Record<string, string | number>;

export interface Translator {
  language: Language;
  t(key: MessageKey, params?: MessageParams): string;
  /** `{count}` is written with the spec's thousands separator. */
  plural(key: PluralKey, count: number): string;
}

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
  const catalog = catalogs[language];
  const pluralRules = new Intl.PluralRules(language);
  const t = (key: MessageKey, params?: MessageParams): string => interpolate(catalog[key], params);
  return {
    language,
    t,
    plural: (key, count) => {
      const form = pluralRules.select(count) === 'one' ? 'one' : 'other';
      return t(`${key}.${form}`, { count: formatInteger(count) });
    },
  };
}

function interpolate(message: string, params: MessageParams | undefined): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
