import type { ContentLanguage, FaqCategory, FaqResponse } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import * as repo from './faq.repository';

export const FAQ_FALLBACK_LANGUAGE: ContentLanguage = 'fr';

/**
 * The FAQ in the caller's language, grouped by category; French when that language has no item.
 * Categories come in the order of their first item, items in their own order.
 */
export async function readFaq(db: Db, language: ContentLanguage): Promise<FaqResponse> {
  let locale = language;
  let rows = await repo.listFaqItems(db, language);
  if (rows.length === 0 && language !== FAQ_FALLBACK_LANGUAGE) {
    locale = FAQ_FALLBACK_LANGUAGE;
    rows = await repo.listFaqItems(db, FAQ_FALLBACK_LANGUAGE);
  }
  const categories = new Map<string, FaqCategory>();
  for (const row of rows) {
    let category = categories.get(row.category);
    if (!category) {
      category = { name: row.category, items: [] };
      categories.set(row.category, category);
    }
    category.items.push({ id: row.id, trigger: row.trigger, content: row.content });
  }
  return { locale, categories: [...categories.values()] };
}
