import { sql, type Kysely } from 'kysely';

/**
 * The statistics of the customer-account list (issue 16), kept by ingestion like the report
 * rollups: per account and establishment, the orders put on the account (visits), their guests,
 * turnover, discount and offered amounts. The list reads these rows instead of the orders: on the
 * bench's 10 000 accounts and 160 000 charged orders, summing the orders cost seconds per call.
 * Filled from the orders already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_account_figures')
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('customer_account_id', 'uuid', (c) => c.notNull())
    .addColumn('visit', 'integer', (c) => c.notNull())
    .addColumn('nb_guests', 'integer', (c) => c.notNull())
    .addColumn('turnover', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('offered', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_account_figures_pk', ['customer_account_id', 'company_id'] as never)
    .modifyEnd(sql`with (fillfactor = 80)`)
    .execute();
  await db.schema
    .createIndex('customer_account_figures_account_idx')
    .on('customer_account_figures')
    .columns(['account_id', 'company_id'])
    .execute();
  await sql`insert into customer_account_figures
    select account_id, company_id, customer_account_id, count(*), sum(covers), sum(amount_total_ivat),
           sum(amount_discount_ivat), sum(amount_offered_ivat)
      from orders
     where customer_account_id is not null
     group by account_id, company_id, customer_account_id`.execute(db);
}
