import { sql, type Kysely } from 'kysely';
import {
  LIBRARY_DOCUMENTS,
  documentBackgroundUrl,
  documentPdfUrl,
} from '../../modules/documentation/documentation.catalogue';

/**
 * The documentation library (issue 19 part 4): the product's documents, seeded with their fixed ids
 * so that every install, not only the demo, lists them. Each row points at a PDF and a background
 * image committed under `apps/web/public/documentation/` (made by
 * `apps/server/scripts/make-documentation.ts`). Nothing earlier seeds `documents`; the ids make a
 * second run insert nothing. A document added to the catalogue later needs a migration of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into documents (id, title, author, description, pdf_url, background_url, is_suite, position)
    values ${sql.join(
      LIBRARY_DOCUMENTS.map(
        (d) => sql`(${d.id}::uuid, ${d.title}, ${d.author}, ${d.description}, ${documentPdfUrl(d.guide)},
          ${documentBackgroundUrl(d.background)}, ${d.isSuite}, ${d.position})`,
      ),
    )}
    on conflict (id) do nothing`.execute(db);
}
