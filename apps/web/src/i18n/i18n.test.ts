import { describe, expect, it } from 'vitest';
import { createTranslator, resolveLanguage } from './i18n';

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
