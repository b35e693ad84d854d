import type { RecordKind } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import * as repo from './pos.repository';

/**
 * The database's digest of the rows stored today for each record of `kind` (by id): what the
 * fiscal check compares with the digest sealed at ingestion.
 */
export function storedRowDigests(
  db: Db,
  kind: RecordKind,
  recordIds: readonly string[],
): Promise<Map<string, string>> {
  return repo.storedRowDigests(db, kind, recordIds);
}
