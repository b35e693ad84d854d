import { describe, expect, it } from 'vitest';
import { createTranslator, resolveLanguage } from './i18n';
import { areas, catalogs } from './messages';

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

describe('translations', () => {
  it('fills placeholders', () => {
    expect(createTranslator('fr').t('dashboard.greeting', { name: 'Camille' })).toBe('Bonjour Camille');
    expect(createTranslator('en').t('dashboard.greeting', { name: 'Camille' })).toBe('Hello Camille');
  });

  it('chooses the plural form of each language and groups thousands', () => {
    const fr = createTranslator('fr');
    expect(fr.plural('dashboard.orders', 0)).toBe('0 commande');
    expect(fr.plural('dashboard.orders', 1)).toBe('1 commande');
    expect(fr.plural('dashboard.orders', 42)).toBe('42 commandes');
    expect(fr.plural('dashboard.orders', 1234)).toBe('1 234 commandes');
    expect(createTranslator('en').plural('dashboard.orders', 0)).toBe('0 orders');
  });
});

describe('catalogs', () => {
  it('gives each key to exactly one area, in every language', () => {
    const owners = new Map<string, string>();
    for (const [name, area] of Object.entries(areas)) {
      for (const key of Object.keys(area.fr)) {
        expect(owners.get(key), `${key} is defined by ${owners.get(key)} and ${name}`).toBeUndefined();
        owners.set(key, name);
      }
      for (const language of ['en', 'es', 'ca'] as const) {
        expect(Object.keys(area[language]).sort(), `${name} in ${language}`).toEqual(
          Object.keys(area.fr).sort(),
        );
      }
    }
  });

  it('has no empty text', () => {
    for (const [language, catalog] of Object.entries(catalogs)) {
      for (const [key, text] of Object.entries(catalog))
        expect(text.trim(), `${key} in ${language}`).not.toBe('');
    }
  });
});
