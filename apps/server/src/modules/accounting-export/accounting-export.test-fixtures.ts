import type { Db } from '../../db/database';
import type { AccountingAccountType, AccountingVatKey } from '../../db/schema/accounting';

/** Account numbers are digits (issue 31): one 511 account per payment type the registers code. */
const PAYMENT_ACCOUNTS: Record<string, string> = {
  CB: '511210',
  CHQ: '511220',
  TR: '511230',
  CPTE: '511240',
  AVOIR: '511250',
};

/**
 * A complete accounting configuration of one establishment written straight into the tables (task B
 * owns the routes that write them): a VAT account per rate, a sales account per rate linked to every
 * category, a payment account per payment type (53 cash, 511 others), the journal keys. `skipPayment`
 * leaves one payment type unconfigured (the not-exportable case).
 */
export async function configureTestAccounting(
  db: Db,
  tenant: { accountId: string; companyId: string },
  options: { skipPaymentCode?: string; keys?: Partial<Record<AccountingVatKey, string>> } = {},
): Promise<void> {
  const { accountId, companyId } = tenant;
  const [rates, categories, paymentTypes] = await Promise.all([
    db
      .selectFrom('vat_rates')
      .select(['id', 'rate', 'rate_bp'])
      .where('company_id', '=', companyId)
      .execute(),
    db.selectFrom('product_categories').select(['id']).where('company_id', '=', companyId).execute(),
    db
      .selectFrom('payment_types')
      .select(['id', 'name', 'code', 'is_cash'])
      .where('company_id', '=', companyId)
      .execute(),
  ]);
  const account = async (
    type: AccountingAccountType,
    number: string,
    label: string,
    analytics = 'Défaut',
  ) => {
    const row = await db
      .insertInto('accounting_accounts')
      .values({
        account_id: accountId,
        company_id: companyId,
        type,
        account_number: number,
        label,
        analytics,
        table_id: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const link = (idAccount: string, type: AccountingAccountType, idTable: string, taxRate: string | null) =>
    db
      .insertInto('accounting_links')
      .values({
        account_id: accountId,
        company_id: companyId,
        id_account: idAccount,
        id_table: idTable,
        type,
        all_tax_rates: taxRate === null,
        tax_rate: taxRate,
      })
      .execute();
  for (const rate of rates) {
    const suffix = String(rate.rate_bp).padStart(4, '0');
    const vat = await account('vat', `44571${suffix}`, `TVA collectée ${rate.rate_bp / 100} %`);
    await link(vat, 'vat', rate.id, rate.rate);
    const sales = await account('product', `7070${suffix}`, `Ventes ${rate.rate_bp / 100} %`);
    for (const category of categories) await link(sales, 'product', category.id, rate.rate);
  }
  for (const [index, type] of paymentTypes.entries()) {
    if (type.code === options.skipPaymentCode) continue;
    const number = type.is_cash
      ? '530000'
      : (PAYMENT_ACCOUNTS[type.code.toUpperCase()] ?? `5119${String(index).padStart(2, '0')}`);
    const id = await account('payment', number, type.name);
    await link(id, 'payment', type.id, null);
  }
  const keys: Partial<Record<AccountingVatKey, string>> = {
    account_vat_journal: 'VT',
    account_vat_journallib: 'Ventes',
    account_vat_customer_account: '411000',
    account_vat_tips: '467100',
    account_vat_regulation_account: '471000',
    account_vat_discount: '709000',
    account_vat__discount: '709000',
    account_vat_offered: '623400',
    account_vat__offered: '708800',
    ...options.keys,
  };
  for (const [key, value] of Object.entries(keys)) {
    await db
      .insertInto('accounting_vat_keys')
      .values({
        account_id: accountId,
        company_id: companyId,
        key: key as AccountingVatKey,
        value,
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet({ value }))
      .execute();
  }
}
