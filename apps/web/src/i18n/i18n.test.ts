import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../testing/fakeBrowser';
import { resolveInspectorLanguage, resolveLanguage, saveInspectorLanguage } from './i18n';

describe('interface language', () => {
  it("takes the user's saved locale first", () => {
    expect(resolveLanguage('es-ES', ['fr-FR'])).toBe('es');
    expect(resolveLanguage('ca-ES', ['en-US'])).toBe('ca');
  });

  it('falls back to the first supported browser language, then French', () => {
    expect(resolveLanguage(undefined, ['de-DE', 'en-US', 'fr'])).toBe('en');
    expect(resolveLanguage(null, ['de-DE', 'it'])).toBe('fr');
    expect(resolveLanguage(undefined, [])).toBe('fr');
  });
});

describe("the inspector's language", () => {
  it("is French whatever the browser's, until the inspector chooses another", () => {
    const storage = new MemoryStorage();
    expect(resolveInspectorLanguage(storage)).toBe('fr');
    saveInspectorLanguage(storage, 'es');
    expect(resolveInspectorLanguage(storage)).toBe('es');
  });

  it('ignores a stored value that is no language of the portal', () => {
    const storage = new MemoryStorage();
    storage.setItem('inspectorLanguage', 'de');
    expect(resolveInspectorLanguage(storage)).toBe('fr');
  });
});
