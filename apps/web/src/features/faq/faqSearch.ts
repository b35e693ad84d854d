import Fuse, { type IFuseOptions } from 'fuse.js';
import type { FaqCategory, FaqItem } from '@comptoir/contracts';

/** An item with the name of its category, as the search lists it. */
export interface FaqSearchItem extends FaqItem {
  category: string;
}

/**
 * The FAQ's fuzzy search, in one place (spec 1 §2.8: threshold 0.3). Accents are ignored, so
 * « cloture » finds « clôture »; a match may be anywhere in a long answer (`ignoreLocation`); the
 * question weighs more than the answer.
 */
export const FAQ_SEARCH_OPTIONS: IFuseOptions<FaqSearchItem> = {
  keys: [
    { name: 'trigger', weight: 2 },
    { name: 'content', weight: 1 },
  ],
  threshold: 0.3,
  ignoreDiacritics: true,
  ignoreLocation: true,
  minMatchCharLength: 2,
  useTokenSearch: true,
  tokenMatch: 'all',
};

export function faqSearchItems(categories: readonly FaqCategory[]): FaqSearchItem[] {
  return categories.flatMap((category) =>
    category.items.map((item) => ({ ...item, category: category.name })),
  );
}

/** Builds the index once; the returned function answers the best matches first. */
export function createFaqSearch(categories: readonly FaqCategory[]): (query: string) => FaqSearchItem[] {
  const fuse = new Fuse(faqSearchItems(categories), FAQ_SEARCH_OPTIONS);
  return (query) => {
    const pattern = query.trim();
    return pattern === '' ? [] : fuse.search(pattern).map((result) => result.item);
  };
}
