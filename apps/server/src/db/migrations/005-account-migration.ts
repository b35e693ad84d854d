import { sql, type Kysely } from 'kysely';

/**
 * Account migration and password changes: step-1 check tokens, pending e-mail changes waiting for
 * their verification link, and wrong current passwords (rate limit). Tokens are stored as SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credential_check_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('credential_check_tokens_user_idx')
    .on('credential_check_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('email_change_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The session that asked: it stays open when the change applies, the others are closed.
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('old_email', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('applied_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('email_change_requests_user_idx')
    .on('email_change_requests')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('password_check_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_check_failures_user_at_idx')
    .on('password_check_failures')
    .columns(['user_id', 'at'])
    .execute();
}
