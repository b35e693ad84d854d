import type { Kysely } from 'kysely';

/**
 * Beyond the peers (issue 16): a credit limit per customer account, in cents (how far below zero its
 * balance may go), null for none. Edited by the back office (`customer/updateData`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_accounts').addColumn('credit_limit', 'bigint').execute();
}
