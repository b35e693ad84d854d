import { sql, type Kysely } from 'kysely';

/** The option keys of 003-backoffice, then dunning's sender name and reply-to address. */
const CUSTOMER_ACCOUNT_OPTION_KEYS = [
  'customer_account',
  'ca_auto_disable',
  'ca_no_up_amount',
  'ca_no_negative',
  'ca_no_us_ticket',
  'ca_auto_disabled',
  'ca_auto_email_new_tk',
  'ca_floor_exc_payment',
  'bic',
  'iban',
  'ca_alert_email',
  'ca_alert_default_balance',
  'ca_label_without_details',
  'ca_dunning_sender_name',
  'ca_dunning_reply_to',
] as const;

/**
 * Dunning (issue 31, item 26): the sender settings of reminders, the display name a mail goes out
 * under (the address stays the platform's), and one row per reminder mailed to a debtor, scoped by
 * account, with what it claimed and the outbox message that carried it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customer_account_options drop constraint customer_account_options_key_check`.execute(
    db,
  );
  await sql`alter table customer_account_options add constraint customer_account_options_key_check
    check (key in (${sql.join(CUSTOMER_ACCOUNT_OPTION_KEYS.map((key) => sql.lit(key)))}))`.execute(db);

  await db.schema.alterTable('mail_outbox').addColumn('from_name', 'text').execute();

  await db.schema
    .createTable('customer_dunning_sends')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    // The establishment asked for; null when the reminder covered all the sender's establishments.
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id'))
    .addColumn('customer_account_id', 'uuid', (c) => c.notNull().references('customer_accounts.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('owed_cents', 'bigint', (c) => c.notNull())
    .addColumn('notes_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sent', 'failed')`))
    .addColumn('mail_outbox_id', 'uuid', (c) => c.references('mail_outbox.id'))
    .execute();
  await db.schema
    .createIndex('customer_dunning_sends_customer_idx')
    .on('customer_dunning_sends')
    .columns(['account_id', 'customer_account_id', 'sent_at'])
    .execute();
}
