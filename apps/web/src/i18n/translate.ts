import { formatInteger } from './integers';

/** The translation engine without any catalogue: ui/ builds its own texts on it, the app the full set. */
export type Language = 'fr' | 'en' | 'es' | 'ca';
export const DEFAULT_LANGUAGE: Language = 'fr';

export type MessageParams = Record<string, string | number>;

/** Keys that come as a `.one` / `.other` pair, named without the suffix. */
export type PluralBase<Key extends string> = Key extends `${infer Base}.one` ? Base : never;

export interface TranslatorOf<Key extends string> {
  language: Language;
  t(key: Key, params?: MessageParams): string;
  /** `{count}` is written with the spec's thousands separator. */
  plural(key: PluralBase<Key>, count: number): string;
}

export function translatorFor<Key extends string>(
  catalog: Record<Key, string>,
  language: Language,
): TranslatorOf<Key> {
  const pluralRules = new Intl.PluralRules(language);
  const t = (key: Key, params?: MessageParams): string => interpolate(catalog[key], params);
  return {
    language,
    t,
    plural: (key, count) => {
      const form = pluralRules.select(count) === 'one' ? 'one' : 'other';
      return t(`${key}.${form}` as Key, { count: formatInteger(count) });
    },
  };
}

function interpolate(message: string, params: MessageParams | undefined): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
