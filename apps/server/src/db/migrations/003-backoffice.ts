// Over 400 lines: a migration as it was applied (the first schema's every back-office table); it must not change.
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Everything the portal keeps besides identity and POS records: fiscal administration (inspector
 * access, technical events journal, server closures, chain heads, check errors, archives), the
 * dashboard menu and content (documents, videos, FAQ, notifications, feeds), partners, accounting
 * settings, customer-account options, report settings, exports, the jobs queue, the mail outbox and
 * the bar-dispenser wares.
 *
 * Registers are referenced by foreign key; other POS rows (products, services, records) by plain uuid
 * columns, as their catalogue rows are synchronised by the registers and may arrive later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function refuse_fiscal_record_change() returns trigger language plpgsql as $$
    begin
      raise exception 'Fiscal records are append-only: % on % refused', tg_op, tg_table_name
        using errcode = 'P0001';
    end $$`.execute(db);

  await createFiscalTables(db);
  await createContentTables(db);
  await createPartnerTables(db);
  await createAccountingTables(db);
  await createSettingsTables(db);
  await createExportAndArchiveTables(db);
  await createPlatformTables(db);
  await createWareTables(db);
}

type Table = CreateTableBuilder<string, string>;
const uuidPk = (t: Table) =>
  t.addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`));
const createdAt = (t: Table) =>
  t.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
const accountId = (c: ColumnDefinitionBuilder) => c.notNull().references('accounts.id');
const companyId = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id');
const jsonb = (value: unknown) => sql`${sql.lit(JSON.stringify(value))}::jsonb`;
const oneOf = (column: string, values: readonly (string | number)[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

async function appendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
    for each row execute function refuse_fiscal_record_change()`.execute(db);
  await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
    for each statement execute function refuse_fiscal_record_change()`.execute(db);
}

async function index(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}

const EXPIRE_TYPES = ['1week', '2week', '1month', '2month'] as const;
const ACCOUNTING_ACCOUNT_TYPES = [
  'payment',
  'vat',
  'product',
  'customer',
  'achats',
  'ventes',
  'offered',
  'discount',
  '_offered',
  '_discount',
  'cashback',
] as const;
/** The entry counter (account_vat_ecriturenum) lives in accounting_counters, advanced atomically. */
const ACCOUNTING_VAT_KEYS = [
  'account_vat_validdate',
  'account_vat_journal',
  'account_vat_journallib',
  'account_vat_discount',
  'account_vat__discount',
  'account_vat_offered',
  'account_vat__offered',
  'account_vat_customer_account',
  'account_vat_achats',
  'account_vat_ventes',
  'account_vat_tips',
  'account_vat_regulation_account',
  'account_vat_cashfloat_debit',
  'account_vat_cashfloat_credit',
  'account_vat_mode',
] as const;
/** The spec's option keys, plus the saved label of tickets without details. */
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
] as const;
const EXPORT_KINDS = [
  'cashing',
  'closing',
  'customers_all',
  'customers_unpaid',
  'customer_history',
  'sales_lines',
  'payment_product_lines',
  'fec',
  'accounting_csv',
] as const;

async function createFiscalTables(db: Kysely<unknown>): Promise<void> {
  // The asker is the tax inspector (who signs in with askerEmail + token); the customer is the owner.
  await db.schema
    .createTable('fiscal_access_requests')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('asker_email', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('expire_type', 'text', (c) => c.notNull().check(oneOf('expire_type', EXPIRE_TYPES)))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(oneOf('status', ['pending', 'validated', 'refused'])),
    )
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('validated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .$call(createdAt)
    .execute();
  await index(db, 'fiscal_access_requests', ['account_id', 'created_at']);
  await sql`create index fiscal_access_requests_asker_idx on fiscal_access_requests (lower(asker_email))`.execute(
    db,
  );
  await sql`create index fiscal_access_requests_pending_idx on fiscal_access_requests (created_at)
    where status = 'pending'`.execute(db);

  // JET: one server-signed chain per account; `code` is the NF525 event code, `label` its wording.
  await db.schema
    .createTable('jet_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[0-9]{2,3}$'`))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(jsonb({})))
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('prev_sig', 'text')
    .addColumn('sig', 'text', (c) => c.notNull())
    .addUniqueConstraint('jet_events_chain_uq', ['account_id', 'seq'])
    .execute();
  await index(db, 'jet_events', ['account_id', 'occurred_at']);
  await index(db, 'jet_events', ['company_id', 'occurred_at']);
  await appendOnly(db, 'jet_events');

  // Per-company closures computed and signed by the server, chained per company.
  await db.schema
    .createTable('server_closures')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 6`))
    .addColumn('start_day', 'date', (c) => c.notNull())
    .addColumn('end_day', 'date', (c) => c.notNull())
    .addColumn('opening_date', 'timestamptz')
    .addColumn('closing_date', 'timestamptz')
    .addColumn('amount_total_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_total_evat', 'bigint', (c) => c.notNull())
    .addColumn('amount_tax', 'bigint', (c) => c.notNull())
    .addColumn('amount_discount_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_offered_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_total_wo_discount_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_payment_shift', 'bigint', (c) => c.notNull())
    .addColumn('grand_total_ivat', 'bigint', (c) => c.notNull())
    .addColumn('payments', 'jsonb', (c) => c.notNull().defaultTo(jsonb([])))
    .addColumn('taxes', 'jsonb', (c) => c.notNull().defaultTo(jsonb([])))
    .addColumn('services_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('prev_sig', 'text')
    .addColumn('sig', 'text', (c) => c.notNull())
    .$call(createdAt)
    .addUniqueConstraint('server_closures_chain_uq', ['company_id', 'seq'])
    .addUniqueConstraint('server_closures_period_uq', ['company_id', 'type', 'start_day'])
    .execute();
  await index(db, 'server_closures', ['account_id', 'start_day']);
  await index(db, 'server_closures', ['company_id', 'start_day']);
  await appendOnly(db, 'server_closures');

  // Heads of the server's own chains (register chains have theirs in chain_heads): a deleted tail
  // of the JET (per account), of server closures or of archives (per company) is detected.
  await db.schema
    .createTable('server_chain_heads')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['jet', 'server_closure', 'archive'])))
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('last_sig', 'text', (c) => c.notNull())
    .addColumn('sig', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index server_chain_heads_chain_uq
    on server_chain_heads (account_id, company_id, kind) nulls not distinct`.execute(db);

  await db.schema
    .createTable('signature_check_errors')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id'))
    .addColumn('register_id', 'uuid', (c) => c.references('registers.id'))
    .addColumn('job_id', 'bigint')
    .addColumn('source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('server')
        .check(oneOf('source', ['server', 'client'])),
    )
    .addColumn('record_kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'uuid')
    .addColumn('seq', 'bigint')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('business_day', 'date')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(jsonb({})))
    .addColumn('detected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await index(db, 'signature_check_errors', ['account_id', 'detected_at']);
  await index(db, 'signature_check_errors', ['company_id', 'business_day']);

  // Reprints of tickets and Z reports are « duplicata » and traced (NF525).
  await db.schema
    .createTable('document_reprints')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('document_kind', 'text', (c) =>
      c.notNull().check(oneOf('document_kind', ['ticket', 'receipt', 'z_report', 'customer_note'])),
    )
    .addColumn('document_id', 'uuid', (c) => c.notNull())
    .addColumn('reprint_number', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('printed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('document_reprints_number_uq', ['document_kind', 'document_id', 'reprint_number'])
    .execute();
  await index(db, 'document_reprints', ['company_id', 'printed_at']);
  await appendOnly(db, 'document_reprints');
}

async function createContentTables(db: Kysely<unknown>): Promise<void> {
  // The dashboard grid; children point to their parent. type 0 is reporting, others sales reporting.
  await db.schema
    .createTable('menu_categories')
    .$call(uuidPk)
    .addColumn('parent_id', 'uuid', (c) => c.references('menu_categories.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('new_icon', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_react', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('service_name', 'text')
    .$call(createdAt)
    .execute();
  await index(db, 'menu_categories', ['parent_id', 'position']);

  await db.schema
    .createTable('documents')
    .$call(uuidPk)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('description', 'text')
    .addColumn('pdf_url', 'text', (c) => c.notNull())
    .addColumn('background_url', 'text')
    .addColumn('is_suite', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(createdAt)
    .execute();

  await db.schema
    .createTable('videos')
    .$call(uuidPk)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_suite', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(createdAt)
    .execute();

  await db.schema
    .createTable('video_states')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', ['watched', 'inProgress', 'paused'])))
    .addColumn('time_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('video_states_pk', ['user_id', 'video_id'])
    .execute();

  await db.schema
    .createTable('faq_items')
    .$call(uuidPk)
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr-FR'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(createdAt)
    .execute();
  await index(db, 'faq_items', ['locale', 'category', 'position']);

  // account_id null: shown to every account; locale null: shown in every language.
  await db.schema
    .createTable('notifications')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(oneOf('type', ['success', 'warning', 'error', 'info'])),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    .$call(createdAt)
    .execute();
  await index(db, 'notifications', ['account_id', 'starts_at']);

  await db.schema
    .createTable('removed_notifications')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'uuid', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('removed_notifications_pk', ['user_id', 'notification_id'])
    .execute();

  await db.schema
    .createTable('feed_items')
    .$call(uuidPk)
    .addColumn('feed_name', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr-FR'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text_html', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .$call(createdAt)
    .execute();
  await index(db, 'feed_items', ['feed_name', 'locale', 'published_at']);
}

async function createPartnerTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_categories')
    .$call(uuidPk)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('partners')
    .$call(uuidPk)
    .addColumn('category_id', 'uuid', (c) => c.notNull().references('partner_categories.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('description', 'text')
    .addColumn('with_action', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('auth_partner_id', 'text')
    .addColumn('is_available', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(createdAt)
    .execute();
  await index(db, 'partners', ['category_id', 'position']);

  // No row: no integration; waiting until the partner reports its customer id, then validated.
  await db.schema
    .createTable('partner_integrations')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id'))
    .addColumn('access_token', 'text', (c) => c.notNull().unique())
    .addColumn('partner_customer_id', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(oneOf('status', ['waiting', 'validated', 'refused'])),
    )
    .$call(createdAt)
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('partner_integrations_account_partner_uq', ['account_id', 'partner_id'])
    .execute();
}

async function createAccountingTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounting_accounts')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', ACCOUNTING_ACCOUNT_TYPES)))
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('analytics', 'text', (c) => c.notNull().defaultTo('Défaut'))
    .addColumn('all_floors', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('floors', 'jsonb', (c) => c.notNull().defaultTo(jsonb([])))
    // The linked POS row for accounts that stand for one (a customer account, a movement id).
    .addColumn('table_id', 'text')
    .$call(createdAt)
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await index(db, 'accounting_accounts', ['account_id']);
  await index(db, 'accounting_accounts', ['company_id', 'type']);

  // What an accounting account covers: a payment type, product, discount... one row per VAT rate
  // (the order lines' vat_rate; null when the link does not depend on a rate).
  await db.schema
    .createTable('accounting_links')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('id_account', 'uuid', (c) =>
      c.notNull().references('accounting_accounts.id').onDelete('cascade'),
    )
    .addColumn('id_table', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', ACCOUNTING_ACCOUNT_TYPES)))
    .addColumn('tax_rates', 'jsonb', (c) => c.notNull().defaultTo(jsonb([])))
    .addColumn('all_tax_rates', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('tax_rate', 'numeric(6, 4)')
    .execute();
  await index(db, 'accounting_links', ['account_id']);
  await index(db, 'accounting_links', ['id_account']);
  await sql`create unique index accounting_links_item_uq
    on accounting_links (company_id, type, id_table, tax_rate) nulls not distinct`.execute(db);

  await db.schema
    .createTable('accounting_vat_keys')
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('key', 'text', (c) => c.notNull().check(oneOf('key', ACCOUNTING_VAT_KEYS)))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('accounting_vat_keys_pk', ['company_id', 'key'])
    .execute();
  await index(db, 'accounting_vat_keys', ['account_id']);

  // FEC entry numbers (ecritureNum) must not repeat: advanced with `set ecriture_num = ecriture_num + 1`.
  await db.schema
    .createTable('accounting_counters')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id'))
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('ecriture_num', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`ecriture_num >= 1`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await index(db, 'accounting_counters', ['account_id']);
}

async function createSettingsTables(db: Kysely<unknown>): Promise<void> {
  // company_id null: the account-wide value. Switches are '1'/'0', other options free text.
  await db.schema
    .createTable('customer_account_options')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id'))
    .addColumn('key', 'text', (c) => c.notNull().check(oneOf('key', CUSTOMER_ACCOUNT_OPTION_KEYS)))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index customer_account_options_key_uq
    on customer_account_options (account_id, company_id, key) nulls not distinct`.execute(db);

  // day_start_hour: sales before it belong to the previous business day (late services).
  await db.schema
    .createTable('report_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('day_start_hour', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`day_start_hour between 0 and 23`),
    )
    .addColumn('amounts_incl_vat', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('default_period', 'text', (c) =>
      c
        .notNull()
        .defaultTo('last7days')
        .check(
          oneOf('default_period', [
            'today',
            'yesterday',
            'last7days',
            'last30days',
            'currentMonth',
            'previousMonth',
            'currentYear',
          ]),
        ),
    )
    .addColumn('default_company_ids', 'jsonb', (c) => c.notNull().defaultTo(jsonb([])))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await index(db, 'report_settings', ['account_id']);
}

async function createExportAndArchiveTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exports')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_ids', 'jsonb', (c) => c.notNull().defaultTo(jsonb([])))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', EXPORT_KINDS)))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(oneOf('status', ['queued', 'running', 'done', 'empty', 'failed'])),
    )
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(jsonb({})))
    .addColumn('job_id', 'bigint')
    .addColumn('file_key', 'text')
    .addColumn('row_count', 'bigint')
    .addColumn('error', 'text')
    .$call(createdAt)
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await index(db, 'exports', ['account_id', 'created_at']);

  // Fiscal archives: the file and its .txt verification key; each archive names its predecessor's hash.
  await db.schema
    .createTable('archives')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['cashing', 'closing'])))
    .addColumn('start_day', 'date', (c) => c.notNull())
    .addColumn('end_day', 'date', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('key_file_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('sig', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('prev_archive_sha256', 'text')
    .addColumn('export_id', 'uuid', (c) => c.references('exports.id'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id'))
    .$call(createdAt)
    .addCheckConstraint('archives_period_ck', sql`end_day >= start_day and end_day < start_day + 366`)
    .addUniqueConstraint('archives_chain_uq', ['company_id', 'seq'])
    .execute();
  await index(db, 'archives', ['account_id', 'created_at']);
  await index(db, 'archives', ['sha256']);
  await appendOnly(db, 'archives');

  // Uploads checked by the fiscal file check: integrity (hash) and authenticity (signature) apart.
  await db.schema
    .createTable('fiscal_file_checks')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('archive_id', 'uuid', (c) => c.references('archives.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('key_file_name', 'text', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('key_existing', 'boolean', (c) => c.notNull())
    .addColumn('is_intact', 'boolean', (c) => c.notNull())
    .addColumn('is_authentic', 'boolean', (c) => c.notNull())
    .addColumn('export_history_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'jsonb', (c) => c.notNull().defaultTo(jsonb({})))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await index(db, 'fiscal_file_checks', ['account_id', 'checked_at']);
}

async function createPlatformTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id'))
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(jsonb({})))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(oneOf('status', ['queued', 'running', 'done', 'failed'])),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`max_attempts >= 1`),
    )
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('progress', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('result', 'jsonb')
    .addColumn('error', 'text')
    .$call(createdAt)
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await index(db, 'jobs', ['status', 'run_at']);
  await index(db, 'jobs', ['account_id', 'created_at']);

  // status: stored (no SMTP configured: kept for the dev mailbox), queued (SMTP send pending), sent, failed.
  await db.schema
    .createTable('mail_outbox')
    .$call(uuidPk)
    // Insertion order: created_at can tie within one clock tick, and the ids are random.
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(jsonb([])))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(oneOf('status', ['stored', 'queued', 'sent', 'failed'])),
    )
    .addColumn('error', 'text')
    .$call(createdAt)
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await index(db, 'mail_outbox', ['created_at']);
  await index(db, 'mail_outbox', ['account_id', 'created_at']);
}

async function createWareTables(db: Kysely<unknown>): Promise<void> {
  // Wares poured by the bar's drink dispenser, each tied to the product that should be cashed.
  await db.schema
    .createTable('wares')
    .$call(uuidPk)
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('product_id', 'uuid')
    .$call(createdAt)
    .execute();
  await index(db, 'wares', ['account_id']);
  await index(db, 'wares', ['company_id', 'category']);

  // One pour: cashed when a sale matches it, in_shift when it happened during an open service.
  await db.schema
    .createTable('ware_counts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', accountId)
    .addColumn('company_id', 'uuid', companyId)
    .addColumn('register_id', 'uuid', (c) => c.references('registers.id'))
    .addColumn('service_id', 'uuid')
    .addColumn('ware_id', 'uuid', (c) => c.references('wares.id').onDelete('set null'))
    .addColumn('ware_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('product_id', 'uuid')
    .addColumn('product_name', 'text')
    .addColumn('user_name', 'text')
    .addColumn('poured_at', 'timestamptz', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cashed', 'boolean', (c) => c.notNull())
    .addColumn('in_shift', 'boolean', (c) => c.notNull())
    .$call(createdAt)
    .execute();
  await index(db, 'ware_counts', ['account_id']);
  await index(db, 'ware_counts', ['company_id', 'poured_at']);
  await index(db, 'ware_counts', ['service_id']);
}
