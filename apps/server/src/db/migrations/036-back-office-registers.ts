import type { Kysely } from 'kysely';

/**
 * The back office's own register per establishment (issue 31, item 27): payments received outside the
 * till are signed records of a register whose key is the server's. It records no sales and closes no
 * day, so the server closures do not wait for it; the flag says which register it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('registers')
    .addColumn('is_back_office', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
