import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../features/dashboard/dashboard.i18n';
import { areas, catalogs } from './messages';

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
  it("assembles every area's catalogue, so none escapes these checks", async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.messages.ts'));
    const assembled: unknown[] = Object.values(areas);
    for (const file of files) {
      const exported = Object.values((await import(path.join(root, file))) as Record<string, unknown>);
      expect(
        exported.every((catalogue) => assembled.includes(catalogue)),
        file,
      ).toBe(true);
    }
  });

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

describe('catalog keys in use', () => {
  it('has no key that no source file names (plural keys count through their base)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !entry.name.endsWith('.messages.ts') &&
          !entry.name.endsWith('.test.ts')
        ) {
          sources.push(fs.readFileSync(full, 'utf8'));
        }
      }
    };
    walk(root);
    const text = sources.join('\n');
    const unused = Object.keys(catalogs.fr).filter((key) => {
      const base = key.replace(/\.(one|other)$/, '');
      // Keys built from a prefix (`shell.language.${x}`) are named by that prefix.
      const prefix = base.slice(0, base.lastIndexOf('.') + 1);
      return !text.includes(`'${base}'`) && !text.includes(`\`${prefix}\${`) && !text.includes(`'${key}'`);
    });
    expect(unused).toEqual([]);
  });
});
