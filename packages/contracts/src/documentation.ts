import { z } from 'zod';

/**
 * The documentation library (spec 1 §2.7): downloadable documents. Users of the `comptoir-suite` group
 * see the suite's documents only, others the non-suite ones; the document titled `list-incident-fisc`
 * (the fiscal incident list, reached from the errors page) is never listed (spec 2 §2).
 */
export const HIDDEN_DOCUMENT_TITLES = ['list-incident-fisc'] as const;

export const documentationEntry = z.object({
  id: z.uuid(),
  title: z.string(),
  author: z.string().nullable(),
  description: z.string().nullable(),
  pdf_url: z.string(),
  background_url: z.string().nullable(),
});
export type DocumentationEntry = z.infer<typeof documentationEntry>;

/** `GET /api/documentation`. */
export const documentationResponse = z.object({ documents: z.array(documentationEntry) });
export type DocumentationResponse = z.infer<typeof documentationResponse>;
