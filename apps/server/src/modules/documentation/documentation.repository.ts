import { HIDDEN_DOCUMENT_TITLES } from '@comptoir/contracts';
import type { Db } from '../../db/database';

/** The library's documents for the suite or for the other users, hidden titles left out. */
export function listDocuments(db: Db, isSuite: boolean) {
  return db
    .selectFrom('documents')
    .select(['id', 'title', 'author', 'description', 'pdf_url', 'background_url'])
    .where('is_suite', '=', isSuite)
    .where('title', 'not in', [...HIDDEN_DOCUMENT_TITLES])
    .orderBy('position')
    .orderBy('title')
    .execute();
}
