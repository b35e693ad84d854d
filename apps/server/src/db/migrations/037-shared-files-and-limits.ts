import { sql, type Kysely } from 'kysely';

/**
 * What several instances on one PostgreSQL database share (issue 33, part 2): the file store's
 * files, in 1 MB chunks, and the rate limits' counters. A file's chunks are written under an upload
 * id; the `stored_files` row that names them is written once the last one is in, so a half-written
 * file is never served. PGlite keeps its files on the local disk but counts its limits here too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('upload_id', 'uuid', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq >= 0`))
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['upload_id', 'seq'])
    .execute();
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('upload_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('chunk_count', 'integer', (c) => c.notNull().check(sql`chunk_count >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('rate_limit_counters')
    // The limit: its route's method and URL.
    .addColumn('name', 'text', (c) => c.notNull())
    // What it counts: an address, or a user (`user:<id>`).
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
    .addColumn('window_ms', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['name', 'key'])
    .execute();
}
