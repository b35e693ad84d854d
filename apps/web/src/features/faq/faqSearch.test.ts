import { describe, expect, it } from 'vitest';
import type { FaqCategory } from '@comptoir/contracts';
import { createFaqSearch, FAQ_SEARCH_OPTIONS } from './faqSearch';

const item = (id: number, trigger: string, content: string) => ({
  id: `00000023-0000-4000-8000-0100000000${String(id).padStart(2, '0')}`,
  trigger,
  content,
});

const CATEGORIES: FaqCategory[] = [
  {
    name: 'Clôtures et grands totaux',
    items: [
      item(
        1,
        "Qu'est-ce qu'une clôture journalière ?",
        'Chaque caisse clôture sa journée (le rapport Z) et envoie cette clôture signée à Comptoir.',
      ),
      item(
        3,
        'Comment fonctionnent les clôtures mensuelle et annuelle ?',
        'La clôture annuelle additionne les clôtures mensuelles de l’année ; elle est faite juste après le 31 décembre.',
      ),
      item(4, "Qu'est-ce que le grand total perpétuel ?", 'Il ne repart jamais de zéro.'),
    ],
  },
  {
    name: 'Comptabilité et exports',
    items: [
      item(
        20,
        'Comment obtenir le FEC pour mon expert-comptable ?',
        'Ouvrez Comptabilité, « Export comptable ». Une période déjà exportée ne donne que des corrections.',
      ),
    ],
  },
  {
    name: 'Comptes clients',
    items: [
      item(
        27,
        "Comment est calculé le solde d'un compte client ?",
        'Le solde est le résultat des opérations signées à la caisse.',
      ),
    ],
  },
];

const search = createFaqSearch(CATEGORIES);
const triggers = (query: string) => search(query).map((result) => result.trigger);

describe('the FAQ search', () => {
  it('is the spec’s fuzzy search: threshold 0.3, accents ignored, question and answer', () => {
    expect(FAQ_SEARCH_OPTIONS).toMatchObject({ threshold: 0.3, ignoreDiacritics: true });
    expect(FAQ_SEARCH_OPTIONS.keys).toEqual([
      { name: 'trigger', weight: 2 },
      { name: 'content', weight: 1 },
    ]);
  });

  it('finds the annual closure first for « cloture anuelle » (no accent, a letter missing)', () => {
    expect(triggers('cloture anuelle')[0]).toBe('Comment fonctionnent les clôtures mensuelle et annuelle ?');
  });

  it('finds answers despite a typo or a missing accent', () => {
    expect(triggers('grand totl')).toEqual(["Qu'est-ce que le grand total perpétuel ?"]);
    expect(triggers('expert comptabel')).toContain('Comment obtenir le FEC pour mon expert-comptable ?');
    expect(triggers('journaliere')[0]).toBe("Qu'est-ce qu'une clôture journalière ?");
  });

  it('ignores accents, even where they are half of a word', () => {
    expect(triggers('deja')).toEqual(['Comment obtenir le FEC pour mon expert-comptable ?']);
  });

  it('searches the answers too, and names each result’s category', () => {
    const [first] = search('31 decembre');
    expect(first).toMatchObject({
      trigger: 'Comment fonctionnent les clôtures mensuelle et annuelle ?',
      category: 'Clôtures et grands totaux',
    });
  });

  it('needs every word of the query', () => {
    expect(triggers('solde client')).toEqual(["Comment est calculé le solde d'un compte client ?"]);
    expect(triggers('solde pizza')).toEqual([]);
  });

  it('finds nothing for unrelated words, and nothing for an empty query', () => {
    expect(triggers('pizza')).toEqual([]);
    expect(triggers('météo')).toEqual([]);
    expect(triggers('vacances')).toEqual([]);
    expect(triggers('   ')).toEqual([]);
  });
});
