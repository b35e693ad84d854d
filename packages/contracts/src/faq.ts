import { z } from 'zod';
import { contentLanguage } from './menu';

/**
 * The FAQ (spec 1 §2.8, item fields §3): questions (`trigger`) and answers (`content`, plain text,
 * paragraphs separated by a blank line) grouped by category, in the caller's language; French when
 * the language has no item.
 */
export const faqQuery = z.object({ locale: contentLanguage.default('fr') });

export const faqItem = z.object({
  id: z.uuid(),
  trigger: z.string(),
  content: z.string(),
});
export type FaqItem = z.infer<typeof faqItem>;

export const faqCategory = z.object({
  name: z.string(),
  items: z.array(faqItem),
});
export type FaqCategory = z.infer<typeof faqCategory>;

/** `GET /api/faq`: categories in reading order, each with its items in order. */
export const faqResponse = z.object({
  /** The language the items are in (French when the asked one has none). */
  locale: contentLanguage,
  categories: z.array(faqCategory),
});
export type FaqResponse = z.infer<typeof faqResponse>;
