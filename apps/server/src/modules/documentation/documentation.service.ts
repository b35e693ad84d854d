import type { ContentLanguage, DocumentationEntry } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { listDocuments } from './documentation.repository';
import { documentTexts } from './documentation.translations';

/** The library of the caller's edition, its titles, authors and descriptions in the given language. */
export async function listDocumentation(
  db: Db,
  isSuite: boolean,
  language: ContentLanguage,
): Promise<DocumentationEntry[]> {
  const rows = await listDocuments(db, isSuite);
  return rows.map((row) => ({ ...row, ...documentTexts(row.id, language) }));
}
