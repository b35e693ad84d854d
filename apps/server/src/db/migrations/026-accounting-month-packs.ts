import type { Kysely } from 'kysely';

/**
 * The accounting journal's kept months (issue 17's time budget): a calendar month of kept days
 * (migration 025) written together in one file beside the database, so that a year's file streams a
 * dozen files instead of handing three megabytes of text over from the database.
 *
 * A kept month (the days from `first_day` to `last_day` of one calendar month: the part of it a
 * file covered) is a memo too, never a record, and the database says which one is valid: the row
 * names its file (the storage's key, content-addressed) and the signature of its days when they were
 * kept: how many of them hold figures (`day_count`) and the sum of their versions (`version_sum`).
 * Versions only grow and their rows are never removed (but with the establishment), so any change to
 * any of its days, or a new day, changes the signature and leaves the file unused. A missing or
 * damaged file is computed again from the kept days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounting_month_packs')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('mode', 'smallint', (c) => c.notNull())
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('first_day', 'date', (c) => c.notNull())
    .addColumn('last_day', 'date', (c) => c.notNull())
    .addColumn('setup_hash', 'text', (c) => c.notNull())
    .addColumn('day_count', 'integer', (c) => c.notNull())
    .addColumn('version_sum', 'numeric', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('accounting_month_packs_pk', ['company_id', 'format', 'mode', 'month'] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('accounting_month_packs').execute();
}
