import { z } from 'zod';
import { contentLanguage } from './menu';

/**
 * The documentation library (spec 1 §2.7): downloadable documents. Users of the `comptoir-suite` group
 * see the suite's documents only, others the non-suite ones; the document titled `list-incident-fisc`
 * (the fiscal incident list, reached from the errors page) is never listed (spec 2 §2).
 */
export const INCIDENT_LIST_TITLE = 'list-incident-fisc';
export const HIDDEN_DOCUMENT_TITLES = [INCIDENT_LIST_TITLE] as const;

/** Where the portal serves the library's files (`apps/web/public/documentation/`). */
export const DOCUMENTATION_PATH = '/documentation';
export const FISCAL_INCIDENT_LIST_FILE = 'liste-incidents-fiscaux-nf525.pdf';
/**
 * The NF525 incident list (the `list-incident-fisc` document): what each defect of the errors page
 * means and what to do, a static PDF of the library that the errors page links to.
 */
export const FISCAL_INCIDENT_LIST_PDF_URL = `${DOCUMENTATION_PATH}/${FISCAL_INCIDENT_LIST_FILE}`;

export const documentationEntry = z.object({
  id: z.uuid(),
  title: z.string(),
  author: z.string().nullable(),
  description: z.string().nullable(),
  pdf_url: z.string(),
  background_url: z.string().nullable(),
});
export type DocumentationEntry = z.infer<typeof documentationEntry>;

/**
 * `GET /api/documentation?locale=`: titles, authors and descriptions in the portal's language (issue
 * 31, item 20), the caller's saved language when absent, French for a document without a translation.
 * The PDFs themselves are French.
 */
export const documentationQuery = z.object({ locale: contentLanguage.optional() });

/** `GET /api/documentation`. */
export const documentationResponse = z.object({ documents: z.array(documentationEntry) });
export type DocumentationResponse = z.infer<typeof documentationResponse>;
