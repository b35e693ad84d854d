import { sql, type Kysely } from 'kysely';

/**
 * Discounts and offered items as an accountant books them (issue 30, defect 5). Sales are already net
 * of their discounts, so the export writes no discount memo pair any more (it used D 609700 / C 709000
 * at prices including VAT, 609 being rebates obtained on purchases) and no offered pair (D 623400 /
 * C 708000 at the selling price put turnover without a VAT base into 708). Booked gross on request,
 * discounts go to 709 excluding VAT: the configurations that hold the 609700 the proposed chart used
 * to set, as a key or as its proposed discount account, get 709000 instead. Other numbers stay.
 * The new key `account_vat_discount_booking` ('' net, 'gross') is accepted once migration 031
 * checks keys by their shape.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await moveProposedDiscountAccount(db);
}

/** The rows part of the migration: the proposed 609700 becomes 709000 (run again by its test). */
export async function moveProposedDiscountAccount(db: Kysely<unknown>): Promise<void> {
  await sql`
    update accounting_vat_keys set value = '709000'
    where key = 'account_vat_discount' and value = '609700'`.execute(db);
  await sql`
    update accounting_accounts set account_number = '709000'
    where type = 'discount' and account_number = '609700'
      and label = 'Rabais, remises et ristournes accordés'`.execute(db);
}
