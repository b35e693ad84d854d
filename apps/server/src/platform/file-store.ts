import path from 'node:path';
import type { DatabaseHandle } from '../db/database';
import type { Config } from './config';
import { createLocalFileStorage, type FileStorage, type RetentionRule } from './files';
import { createPostgresFileStorage } from './files-postgres';

/** The deployment's file store: PostgreSQL when the database is (`DATABASE_URL`), else `<dataDir>/files`. */
export function createFileStorage(
  config: Pick<Config, 'dataDir'>,
  database: Pick<DatabaseHandle, 'db' | 'engine'>,
): FileStorage {
  if (database.engine === 'postgres') return createPostgresFileStorage(database.db);
  return createLocalFileStorage(path.join(config.dataDir, 'files'));
}

/**
 * How long each writer's files are kept; a folder not named is kept for good (exports, whose list
 * offers them again; fiscal archives, kept for the legal six years; kept accounting months, replaced
 * and forgotten by their own cache). A ticket's or statement's PDF is made again for each mail: its
 * copy only serves the mail's sending and the dev mailbox.
 */
export const FILE_RETENTION: readonly RetentionRule[] = [
  { folder: 'customer-tickets', maxAgeMs: 30 * 24 * 60 * 60 * 1000 },
];
