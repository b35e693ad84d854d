import { sql, type Kysely } from 'kysely';

/**
 * The cash journal's accounts (issue 30, defect 6) join the VAT settings keys: internal transfers
 * (deposits to the bank, cash brought in; 580000 when unset), petty-cash expenses (606000), cash
 * shortages (658000) and overages (758000) found when the drawer is counted.
 */
const VAT_KEYS = [
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
  'account_vat_discount_booking',
  'account_vat_cash_transfer',
  'account_vat_cash_expense',
  'account_vat_cash_shortage',
  'account_vat_cash_overage',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounting_vat_keys drop constraint accounting_vat_keys_key_check`.execute(db);
  await sql`alter table accounting_vat_keys add constraint accounting_vat_keys_key_check
    check (key in (${sql.join(VAT_KEYS.map((key) => sql.lit(key)))}))`.execute(db);
}
