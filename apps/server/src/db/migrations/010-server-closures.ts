import type { Kysely } from 'kysely';

/**
 * The period lock of server closures: the last business day the server has closed for an
 * establishment. Ingestion refuses any record of that company dated on or before it (PERIOD_CLOSED).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('fiscal_closed_through', 'date').execute();
}
