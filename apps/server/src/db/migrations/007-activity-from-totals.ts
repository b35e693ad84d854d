import { sql, type Kysely } from 'kysely';

/**
 * The activity-type breakdown reads the `total` rollup grouped by its `activity_type` column, so
 * the `activity_type` dimension, which repeated it row for row, goes; monthly rollups keep the
 * `total` dimension instead, for the year-long breakdowns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from daily_rollups where dimension = 'activity_type'`.execute(db);
  await sql`delete from monthly_rollups where dimension = 'activity_type'`.execute(db);
  await sql`insert into monthly_rollups
    select account_id, company_id, date_trunc('month', business_day::timestamp)::date, activity_type,
           dimension, key, max(label), sum(orders), sum(covers), sum(quantity), sum(amount_ivat),
           sum(amount_evat), sum(amount_tax), sum(discount), sum(offered)
      from daily_rollups
     where dimension = 'total'
     group by account_id, company_id, 3, activity_type, dimension, key`.execute(db);
}
