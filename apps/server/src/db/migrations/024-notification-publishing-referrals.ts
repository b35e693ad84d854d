import { sql, type Kysely } from 'kysely';

/**
 * Notification publishing and sponsorship referrals (issue 19 parts 7–8).
 *
 * - `notifications`: a notification published by support staff is one row shown in every language
 *   (`locale` null): `text` is the French text, `texts` the others (`{ en, es, ca }`, each optional,
 *   French when missing); `edition` narrows it to the suite ('suite') or standard ('standard')
 *   accounts, `account_id` to one account; `published_by` / `published_at` mark it as staff's.
 * - `referrals`: a holder's invitation of a friend by e-mail. The personal link carries a random
 *   code; only its SHA-256 (`code_hash`) is kept. invited → signed_up (the friend left its details on
 *   the public page) → first_month_paid (set by staff: billing is not in this product).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('texts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('edition', 'text', (c) => c.check(sql`edition in ('suite', 'standard')`))
    .addColumn('published_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'timestamptz')
    .execute();
  await sql`create index notifications_published_idx on notifications (published_at desc)
    where published_at is not null`.execute(db);

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('referrer_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('invited')
        .check(sql`status in ('invited', 'signed_up', 'first_month_paid')`),
    )
    .addColumn('restaurant_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('invited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('signed_up_at', 'timestamptz')
    .addColumn('first_month_paid_at', 'timestamptz')
    .addColumn('first_month_paid_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('referrals_code_hash_hex', sql`code_hash ~ '^[0-9a-f]{64}$'`)
    .addCheckConstraint('referrals_email_lower', sql`email = lower(email)`)
    .execute();
  await sql`create unique index referrals_account_email_uq on referrals (account_id, email)`.execute(db);
  await db.schema.createIndex('referrals_account_idx').on('referrals').columns(['account_id']).execute();
}
