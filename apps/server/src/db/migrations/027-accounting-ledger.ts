import { sql, type Kysely } from 'kysely';

/**
 * The FEC books, the CSV mirrors (issue 30, defect 1). Only FEC exports book entries: they take
 * their numbers from the counter and record each day's movements (migration 018). A CSV export
 * presents the same entries: the ones the FEC exports booked, with their numbers, then what the next
 * FEC would book, numbered as it would number them; it neither consumes numbers nor marks days.
 *
 * To write booked entries again as they were booked, a booked day keeps the number of its first
 * entry (`first_num`; the day's entries follow it, sales then settlements) and the header they
 * carried (`header`: journal, journal label, piece and validation date, shared by the day's
 * entries). The rows that CSV exports recorded are forgotten, so that the FEC of their days is
 * complete; the numbers those CSV exports consumed stay used. The FEC exports' rows get their first
 * numbers back from each export's counter start and the count of entries of its earlier days; their
 * header stays empty (written from the configuration and the day's closure, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounting_exported_days').addColumn('first_num', 'bigint').execute();
  await db.schema.alterTable('accounting_exported_days').addColumn('header', 'jsonb').execute();
  await renumberBookedDays(db);
}

/** Forgets the days CSV exports recorded and numbers the FEC exports' days (run again, it changes nothing). */
export async function renumberBookedDays(db: Kysely<unknown>): Promise<void> {
  await sql`delete from accounting_exported_days
    where export_id in (select id from exports where kind = 'accounting_csv')`.execute(db);
  await sql`
    with counted as (
      select d.export_id, d.business_day, (e.params->>'counterFrom')::bigint as start,
        (select count(distinct m->>0) from jsonb_array_elements(d.movements) m) as entries
      from accounting_exported_days d
      join exports e on e.id = d.export_id
      where e.params ? 'counterFrom'
    ),
    numbered as (
      select export_id, business_day,
        start + sum(entries) over (partition by export_id order by business_day) - entries as first_num
      from counted
    )
    update accounting_exported_days d set first_num = n.first_num
    from numbered n
    where d.export_id = n.export_id and d.business_day = n.business_day`.execute(db);
}
