import type { Db } from '../../db/database';
import type { CustomerAccountOptionKey } from '../../db/schema/customer-accounts';

/** The account-wide values of the alert options (absent when never saved). */
export async function findAlertOptions(db: Db, accountId: string) {
  const keys: CustomerAccountOptionKey[] = ['ca_alert_default_balance', 'ca_alert_email'];
  const rows = await db
    .selectFrom('customer_account_options')
    .select(['key', 'value'])
    .where('account_id', '=', accountId)
    .where('company_id', 'is', null)
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export function listCustomerNames(db: Db, accountId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_accounts')
    .select(['id', 'lastname', 'firstname', 'company_name', 'is_company'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

export async function insertAccountNotifications(db: Db, accountId: string, texts: string[]): Promise<void> {
  if (texts.length === 0) return;
  await db
    .insertInto('notifications')
    .values(texts.map((text) => ({ account_id: accountId, type: 'warning' as const, text, locale: null })))
    .execute();
}
