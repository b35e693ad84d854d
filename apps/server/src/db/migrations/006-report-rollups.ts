import { sql, type Kysely } from 'kysely';

/**
 * Report rollups. Daily rollups are split by activity type (1 on site, 2 takeaway, 3 delivery), so
 * that every breakdown can be filtered by it; rows written before keep activity type 0 (unknown):
 * reports count them when no activity filter is set and leave them out when one is, and
 * `npm run demo:reset` rebuilds the demo with the split. The key starts with the dimension, as
 * every report reads one dimension over a range of days (the former dimension index goes).
 *
 * Monthly rollups hold the breakdown dimensions per calendar month of business days, kept by
 * ingestion with the daily ones: a year of breakdowns reads twelve months instead of 365 days.
 * Most of their upserts update a row (every batch of the month), hence half-empty pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table daily_rollups add column activity_type smallint not null default 0`.execute(db);
  await sql`alter table daily_rollups drop constraint daily_rollups_pk`.execute(db);
  await sql`drop index daily_rollups_dimension_idx`.execute(db);
  await sql`alter table daily_rollups add constraint daily_rollups_pk
    primary key (company_id, dimension, business_day, activity_type, key)`.execute(db);
  // Room on each page for the updated row: batches add into the same rows (HOT updates, no index work).
  await sql`alter table daily_rollups set (fillfactor = 80)`.execute(db);

  await db.schema
    .createTable('monthly_rollups')
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('month', 'date', (c) => c.notNull().check(sql`extract(day from month) = 1`))
    .addColumn('activity_type', 'smallint', (c) => c.notNull())
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
    .addPrimaryKeyConstraint('monthly_rollups_pk', [
      'company_id',
      'dimension',
      'month',
      'activity_type',
      'key',
    ] as never)
    .modifyEnd(sql`with (fillfactor = 50)`)
    .execute();
  await sql`insert into monthly_rollups
    select account_id, company_id, date_trunc('month', business_day::timestamp)::date, activity_type,
           dimension, key, max(label), sum(orders), sum(covers), sum(quantity), sum(amount_ivat),
           sum(amount_evat), sum(amount_tax), sum(discount), sum(offered)
      from daily_rollups
     where dimension in ('category', 'product', 'hour', 'payment_type', 'vat_rate', 'staff', 'room', 'activity_type')
     group by account_id, company_id, 3, activity_type, dimension, key`.execute(db);
}
