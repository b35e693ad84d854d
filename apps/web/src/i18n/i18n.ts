import { DEFAULT_LANGUAGE, type Language } from './translate';

export { type Language } from './translate';

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

/** Where the inspector's choice of language is kept: an inspector has no profile to save a locale in. */
export const INSPECTOR_LANGUAGE_KEY = 'inspectorLanguage';

/**
 * The inspector's portal (its sign-in page and the fiscal session): French, the product's language,
 * or the language the inspector chose in the top bar's selector; never the browser's.
 */
export function resolveInspectorLanguage(storage: Pick<Storage, 'getItem'>): Language {
  try {
    return toLanguage(storage.getItem(INSPECTOR_LANGUAGE_KEY) ?? '') ?? DEFAULT_LANGUAGE;
  } catch {
    // Storage refused (privacy settings): the default.
    return DEFAULT_LANGUAGE;
  }
}

export function saveInspectorLanguage(storage: Pick<Storage, 'setItem'>, language: Language): void {
  storage.setItem(INSPECTOR_LANGUAGE_KEY, language);
}

function toLanguage(tag: string): Language | null {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return primary === 'fr' || primary === 'en' || primary === 'es' || primary === 'ca' ? primary : null;
}
