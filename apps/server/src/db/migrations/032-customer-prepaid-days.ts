import { sql, type Kysely } from 'kysely';

/**
 * A customer's operation now weighs on the entries of its later days too (issue 30, part 22): what a
 * charge or a payment books on the advances received (4191) rather than on 411 depends on the
 * customer's balance before it. An operation recorded late (a register that was offline) bumps, when
 * its transaction commits, the version of its own day and of every later day holding operations of
 * the same customer in the establishment, so no kept day text computed on the old balance is used
 * again and a booked day gets its corrections.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function accounting_customer_days_touched() returns trigger language plpgsql as $$
    begin
      insert into accounting_touches (txid, company_id, business_day)
        select txid_current(), company_id, business_day from touched_rows
        union
        select txid_current(), o.company_id, o.business_day
          from (select company_id, customer_account_id, min(at) as first_at, min(business_day) as first_day
                  from touched_rows group by company_id, customer_account_id) t
          join customer_operations o
            on o.customer_account_id = t.customer_account_id and o.at > t.first_at
           and o.company_id = t.company_id and o.business_day > t.first_day;
      insert into accounting_touch_marks values (txid_current()) on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`drop trigger customer_operations_insert_accounting_days on customer_operations`.execute(db);
  await sql`create trigger customer_operations_insert_accounting_days
    after insert on customer_operations referencing new table as touched_rows
    for each statement execute function accounting_customer_days_touched()`.execute(db);
}
