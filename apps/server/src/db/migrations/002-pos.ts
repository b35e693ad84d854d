// Over 400 lines: a migration as it was applied (registers, their catalogue, the signed POS record tables and their append-only triggers); it must not change.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Registers, their catalogue and the POS records they sign. POS record tables are append-only:
 * triggers refuse UPDATE, DELETE and TRUNCATE, so a correction can only be a new record.
 */
export const APPEND_ONLY_TABLES = [
  'pos_records',
  'services',
  'orders',
  'order_lines',
  'payment_lines',
  'receipts',
  'receipt_details',
  'receipt_detail_taxes',
  'cash_movements',
  'credits',
  'customer_operations',
  'closures',
  'tracking',
  'control_strip_documents',
  'technical_interventions',
] as const;

type Builder = CreateTableBuilder<string, never>;

const tenant = (t: Builder) =>
  t
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id'));

/**
 * Tenant columns of POS record tables, without foreign keys: ingestion copies them from the
 * authenticated register, and a foreign-key check per row would halve the rows stored per second.
 */
const recordTenant = (t: Builder) =>
  t.addColumn('account_id', 'uuid', (c) => c.notNull()).addColumn('company_id', 'uuid', (c) => c.notNull());

const posUser = (t: Builder, prefix: string) =>
  t
    .addColumn(`${prefix}_id`, 'uuid', (c) => c.notNull())
    .addColumn(`${prefix}_firstname`, 'text', (c) => c.notNull())
    .addColumn(`${prefix}_lastname`, 'text', (c) => c.notNull());

const amounts = (t: Builder) =>
  t
    .addColumn('amount_total_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_total_evat', 'bigint', (c) => c.notNull())
    .addColumn('amount_tax', 'bigint', (c) => c.notNull())
    .addColumn('amount_discount_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_offered_ivat', 'bigint', (c) => c.notNull());

/** Where the record sits in its register's signed chain. */
const chainPosition = (t: Builder) =>
  t.addColumn('register_id', 'uuid', (c) => c.notNull()).addColumn('seq', 'integer', (c) => c.notNull());

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('enrolled_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('enrolled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Last business day closed by this register's daily closure: nothing older is accepted.
    .addColumn('closed_through', 'date')
    .execute();
  await sql`create unique index registers_company_serial_uq on registers (company_id, serial)`.execute(db);

  // Where each (register, kind) chain stands; the server signs the head so a removed tail is detected.
  await db.schema
    .createTable('chain_heads')
    .addColumn('register_id', 'uuid', (c) => c.notNull().references('registers.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .$call(tenant)
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('last_sig', 'text', (c) => c.notNull())
    .addColumn('server_sig', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chain_heads_pk', ['register_id', 'kind'] as never)
    .execute();

  await db.schema
    .createTable('pos_batches')
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('register_id', 'uuid', (c) => c.notNull().references('registers.id'))
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('pos_batches_pk', ['register_id', 'batch_id'])
    .execute();

  // Catalogue and floor plan (kept current by the register; not fiscal records).
  await db.schema
    .createTable('vat_rates')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('rate', 'numeric(6, 4)', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('product_categories')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('category_id', 'uuid', (c) => c.notNull().references('product_categories.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('is_cash', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rooms')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('dining_tables')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('room_id', 'uuid', (c) => c.notNull().references('rooms.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pos_staff')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(tenant)
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .execute();
  for (const table of [
    'vat_rates',
    'product_categories',
    'products',
    'payment_types',
    'rooms',
    'pos_staff',
  ]) {
    await db.schema.createIndex(`${table}_company_idx`).on(table).column('company_id').execute();
  }

  // Every signed record exactly as received: the source a signature check re-verifies.
  await db.schema
    .createTable('pos_records')
    .$call(chainPosition)
    .addColumn('kind', 'text', (c) => c.notNull())
    .$call(recordTenant)
    .addColumn('v', 'smallint', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('prev_sig', 'text')
    .addColumn('sig', 'text', (c) => c.notNull())
    .addColumn('record_id', 'uuid', (c) => c.notNull())
    .addColumn('business_day', 'date')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('pos_records_pk', ['register_id', 'kind', 'seq'] as never)
    .execute();
  await db.schema
    .createIndex('pos_records_company_day_idx')
    .on('pos_records')
    .columns(['company_id', 'business_day'])
    .execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('opening_date', 'timestamptz', (c) => c.notNull())
    .addColumn('closing_date', 'timestamptz', (c) => c.notNull())
    .$call((t) => posUser(t, 'opened_by'))
    .$call((t) => posUser(t, 'closed_by'))
    .addColumn('cash_float', 'bigint', (c) => c.notNull())
    .addColumn('expected_cash', 'bigint', (c) => c.notNull())
    .addColumn('counted_cash', 'bigint', (c) => c.notNull())
    .$call(amounts)
    .addColumn('payments', 'jsonb', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('services_company_day_idx')
    .on('services')
    .columns(['company_id', 'business_day'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('service_id', 'uuid', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('opening_date', 'timestamptz', (c) => c.notNull())
    .addColumn('closing_date', 'timestamptz', (c) => c.notNull())
    .addColumn('activity_type', 'smallint', (c) => c.notNull().check(sql`activity_type in (1, 2, 3)`))
    .addColumn('room_id', 'uuid')
    .addColumn('room_name', 'text')
    .addColumn('table_name', 'text')
    .addColumn('covers', 'integer', (c) => c.notNull())
    .$call((t) => posUser(t, 'user'))
    .addColumn('customer_account_id', 'uuid')
    .addColumn('cancels_order_id', 'uuid')
    .addColumn('global_discount', 'bigint', (c) => c.notNull())
    .$call(amounts)
    .addColumn('amount_total_wo_discount_ivat', 'bigint', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addColumn('sig', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_company_day_idx')
    .on('orders')
    .columns(['company_id', 'business_day'])
    .execute();
  await db.schema.createIndex('orders_service_idx').on('orders').column('service_id').execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('parent_id', 'uuid')
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('standard_price', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('offered', 'bigint', (c) => c.notNull())
    .addColumn('vat_rate', 'numeric(6, 4)', (c) => c.notNull())
    .addColumn('amount_evat', 'bigint', (c) => c.notNull())
    .addColumn('amount_tax', 'bigint', (c) => c.notNull())
    .addColumn('removed', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_lines_company_day_idx')
    .on('order_lines')
    .columns(['company_id', 'business_day'])
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

  await db.schema
    .createTable('payment_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('payment_type_id', 'uuid', (c) => c.notNull())
    .addColumn('payment_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('tip', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('customer_account_id', 'uuid')
    .addColumn('removed', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_lines_company_day_idx')
    .on('payment_lines')
    .columns(['company_id', 'business_day'])
    .execute();
  await db.schema.createIndex('payment_lines_order_idx').on('payment_lines').column('order_id').execute();
  await sql`create index payment_lines_customer_idx on payment_lines (customer_account_id) where customer_account_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('service_id', 'uuid', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('printed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('print_try', 'integer', (c) => c.notNull())
    .addColumn('printed', 'boolean', (c) => c.notNull())
    .$call((t) => posUser(t, 'user'))
    .addColumn('app_version', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipts_order_idx').on('receipts').column('order_id').execute();
  await db.schema
    .createTable('receipt_details')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .addColumn('receipt_id', 'uuid', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('vat_rate', 'numeric(6, 4)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('receipt_details_receipt_idx')
    .on('receipt_details')
    .column('receipt_id')
    .execute();
  await db.schema
    .createTable('receipt_detail_taxes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .addColumn('receipt_id', 'uuid', (c) => c.notNull())
    .addColumn('vat_rate', 'numeric(6, 4)', (c) => c.notNull())
    .addColumn('amount_evat', 'bigint', (c) => c.notNull())
    .addColumn('amount_tax', 'bigint', (c) => c.notNull())
    .addColumn('amount_ivat', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('receipt_detail_taxes_receipt_idx')
    .on('receipt_detail_taxes')
    .column('receipt_id')
    .execute();

  await db.schema
    .createTable('cash_movements')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('service_id', 'uuid', (c) => c.notNull())
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('payment_type_id', 'uuid')
    .addColumn('device', 'text', (c) => c.notNull())
    .$call((t) => posUser(t, 'user'))
    .addColumn('app_version', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cash_movements_service_idx')
    .on('cash_movements')
    .column('service_id')
    .execute();

  await db.schema
    .createTable('credits')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('service_id', 'uuid', (c) => c.notNull())
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid')
    .addColumn('customer_account_id', 'uuid')
    .addColumn('payment_type_id', 'uuid')
    .$call((t) => posUser(t, 'user'))
    .addColumn('app_version', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credits_service_idx').on('credits').column('service_id').execute();

  // Customer accounts are edited in the back office too (spec: update, delete), so they are not append-only;
  // their money movements are.
  await db.schema
    .createTable('customer_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (0, 1)`))
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('card_number', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address_street', 'text')
    .addColumn('address_zipcode', 'text')
    .addColumn('address_city', 'text')
    .addColumn('note', 'text')
    .addColumn('is_company', 'boolean', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('company_siren', 'text')
    .addColumn('company_vat', 'text')
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('customer_accounts_account_idx')
    .on('customer_accounts')
    .column('account_id')
    .execute();
  await db.schema
    .createTable('customer_account_companies')
    .addColumn('customer_account_id', 'uuid', (c) => c.notNull().references('customer_accounts.id'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id'))
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('uniq_id_customer', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_account_companies_pk', ['customer_account_id', 'company_id'])
    .execute();
  await db.schema
    .createTable('customer_operations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('customer_account_id', 'uuid', (c) => c.notNull())
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'uuid')
    .addColumn('payment_type_id', 'uuid')
    .addColumn('payment_name', 'text')
    .$call((t) => posUser(t, 'user'))
    .execute();
  await db.schema
    .createIndex('customer_operations_customer_idx')
    .on('customer_operations')
    .columns(['customer_account_id', 'at'])
    .execute();

  await db.schema
    .createTable('closures')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 6`))
    .addColumn('start_day', 'date', (c) => c.notNull())
    .addColumn('end_day', 'date', (c) => c.notNull())
    .addColumn('opening_date', 'timestamptz', (c) => c.notNull())
    .addColumn('closing_date', 'timestamptz', (c) => c.notNull())
    .$call(amounts)
    .addColumn('amount_total_wo_discount_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_payment_shift', 'bigint', (c) => c.notNull())
    .addColumn('grand_total_ivat', 'bigint', (c) => c.notNull())
    .addColumn('payments', 'jsonb', (c) => c.notNull())
    .addColumn('taxes', 'jsonb', (c) => c.notNull())
    .addColumn('service_ids', 'jsonb', (c) => c.notNull())
    .addColumn('comment', 'text')
    .execute();
  await db.schema
    .createIndex('closures_company_day_idx')
    .on('closures')
    .columns(['company_id', 'end_day'])
    .execute();

  await db.schema
    .createTable('tracking')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .addColumn('register_id', 'uuid')
    .addColumn('record_kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'uuid', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('create', 'update', 'delete')`))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('key_', 'text')
    .addColumn('value', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('pos', 'server')`))
    .addColumn('app_version', 'text')
    .addColumn('comment', 'text')
    .execute();
  await db.schema.createIndex('tracking_record_idx').on('tracking').column('record_id').execute();
  await db.schema
    .createIndex('tracking_table_idx')
    .on('tracking')
    .columns(['table_name', 'table_id'])
    .execute();
  await db.schema
    .createIndex('tracking_company_at_idx')
    .on('tracking')
    .columns(['company_id', 'at'])
    .execute();

  await db.schema
    .createTable('control_strip_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .addColumn('register_id', 'uuid', (c) => c.notNull())
    .addColumn('id_control_strip', 'uuid', (c) => c.notNull())
    .addColumn('service_id', 'uuid', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull().check(sql`document_type in ('shift', 'sales')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .$call((t) => posUser(t, 'user'))
    .addColumn('sales_document_id', 'uuid')
    .execute();
  await db.schema
    .createIndex('control_strip_documents_service_idx')
    .on('control_strip_documents')
    .columns(['service_id', 'at'])
    .execute();

  await db.schema
    .createTable('technical_interventions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .$call(recordTenant)
    .$call(chainPosition)
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text')
    .addColumn('table_id', 'text')
    .$call((t) => posUser(t, 'user'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .execute();

  // Daily rollups per establishment, business day and dimension: what every report reads.
  await db.schema
    .createTable('daily_rollups')
    .$call(recordTenant)
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('covers', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('amount_ivat', 'bigint', (c) => c.notNull())
    .addColumn('amount_evat', 'bigint', (c) => c.notNull())
    .addColumn('amount_tax', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('offered', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_rollups_pk', ['company_id', 'business_day', 'dimension', 'key'] as never)
    .execute();
  await db.schema
    .createIndex('daily_rollups_dimension_idx')
    .on('daily_rollups')
    .columns(['company_id', 'dimension', 'business_day'])
    .execute();

  await sql`
    create function refuse_pos_record_change() returns trigger language plpgsql as $$
    begin
      raise exception 'POS records are append-only: % on % refused', tg_op, tg_table_name
        using errcode = 'P0001', hint = 'Record a correction as a new record.';
    end $$`.execute(db);
  for (const table of APPEND_ONLY_TABLES) {
    await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function refuse_pos_record_change()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function refuse_pos_record_change()`.execute(db);
  }
}
