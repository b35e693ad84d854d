import { sql, type Kysely } from 'kysely';

/**
 * The server's signing keys as published (issue 18 part 1): one row per key the server has signed
 * with, its raw Ed25519 public key and fingerprint, from when it was first used until it was replaced
 * (`valid_to` null: the key in use). Filled at start by `registerServerKey` (modules/fiscal-keys) when
 * the key of `platform/server-key.ts` is not there yet; a rotation closes the previous row and adds one.
 * Rows are never deleted: what an old key signed stays verifiable against its published key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_keys')
    .addColumn('fingerprint', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull().unique())
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_to', 'timestamptz')
    .addCheckConstraint('server_keys_fingerprint_hex', sql`fingerprint ~ '^[0-9a-f]{64}$'`)
    .addCheckConstraint('server_keys_validity', sql`valid_to is null or valid_to >= valid_from`)
    .execute();
}
