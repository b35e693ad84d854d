import type { Kysely } from 'kysely';

/**
 * Record seals (`modules/pos/pos.seal.ts`): the digest of the rows a record derived and the
 * server's HMAC binding it to the record. Records stored before have none and are checked by
 * re-deriving their rows. Control-strip documents are found by their record for the digest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pos_records')
    .addColumn('rows_digest', 'text')
    .addColumn('rows_seal', 'text')
    .execute();
  await db.schema
    .createIndex('control_strip_documents_record_idx')
    .on('control_strip_documents')
    .column('id_control_strip')
    .execute();
}
