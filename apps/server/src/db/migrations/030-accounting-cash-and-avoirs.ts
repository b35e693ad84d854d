import { sql, type Kysely } from 'kysely';

/**
 * The avoirs issued (issue 30, defect 4) and the cash movements (defect 6) become sources of a day's
 * accounting entries: like the other sources (migration 025), a statement that inserts them bumps
 * the versions of the days it touched when its transaction commits, so a kept day text computed
 * before is never used again. The days that already hold some are listed, at version 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into accounting_day_versions (company_id, business_day, version)
    select company_id, business_day, 0 from credits
    union select company_id, business_day, 0 from cash_movements
    on conflict do nothing`.execute(db);
  for (const table of ['credits', 'cash_movements']) {
    await sql`create trigger ${sql.raw(`${table}_insert_accounting_days`)}
      after insert on ${sql.table(table)} referencing new table as touched_rows
      for each statement execute function accounting_days_touched()`.execute(db);
  }
}
