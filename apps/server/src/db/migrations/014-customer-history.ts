import type { Kysely } from 'kysely';

/**
 * The customer-account history (issue 16): an account's operations over a period, newest first.
 * The index serves the newest page (read backwards, stopping at 2 000 rows) and the count of the
 * period without visiting the other accounts' operations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('customer_operations_account_at_idx')
    .on('customer_operations')
    .columns(['account_id', 'at', 'seq'])
    .execute();
}
