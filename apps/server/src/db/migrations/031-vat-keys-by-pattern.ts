import { sql, type Kysely } from 'kysely';

/**
 * The VAT settings keys are checked by their shape, no more by a list each new key would have to copy:
 * the application refuses any key outside its list (the contract), the table any name that is not an
 * `account_vat_…` key. Issue 30 adds keys this way: how discounts are booked, the cash journal's
 * accounts, the exercise's closing day, the file's layout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounting_vat_keys drop constraint accounting_vat_keys_key_check`.execute(db);
  await sql`alter table accounting_vat_keys add constraint accounting_vat_keys_key_check
    check (key ~ '^account_vat_[a-z_]+$')`.execute(db);
}
