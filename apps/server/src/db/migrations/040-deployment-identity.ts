import type { Kysely } from 'kysely';

/**
 * What the instances of a deployment must share, as a verifier each start compares with its own
 * (issue 33, part 1): today the access tokens' key, as an HMAC of a fixed text under it (the key
 * itself is never stored). The server signing key needs no row: `server_keys` publishes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployment_identity')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('verifier', 'text', (c) => c.notNull())
    .addColumn('set_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
