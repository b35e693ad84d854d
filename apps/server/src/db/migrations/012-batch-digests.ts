import type { Kysely } from 'kysely';

/**
 * The digest of each batch's records (`pos.service.ts` `batchDigest`), so that a reused `batchId`
 * is answered as a replay only when it carries the same records. Batches stored before have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pos_batches').addColumn('content_digest', 'text').execute();
}
