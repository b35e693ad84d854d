import { sql, type Transaction } from 'kysely';
import type { OrderData } from '@comptoir/contracts';
import type { Database } from '../../db/schema/index';
import type { CustomerAccountFiguresTable } from '../../db/schema/pos';

interface Tenant {
  accountId: string;
  companyId: string;
}

/**
 * The customer-account list's statistics of a batch (migration 016): per account and
 * establishment, the orders put on an account, their guests, turnover, discount and offered
 * amounts, as stored (an order names an account only when it was charged to it).
 */
export class CustomerFiguresAccumulator {
  private readonly rows = new Map<string, CustomerAccountFiguresTable>();

  addOrder(tenant: Tenant, order: OrderData): void {
    if (order.customerAccountId === null) return;
    const key = `${order.customerAccountId}:${tenant.companyId}`;
    let row = this.rows.get(key);
    if (!row) {
      row = {
        account_id: tenant.accountId,
        company_id: tenant.companyId,
        customer_account_id: order.customerAccountId,
        visit: 0,
        nb_guests: 0,
        turnover: 0,
        discount: 0,
        offered: 0,
      };
      this.rows.set(key, row);
    }
    row.visit += 1;
    row.nb_guests += order.covers;
    row.turnover += order.amountTotalIvat;
    row.discount += order.amountDiscountIvat;
    row.offered += order.amountOfferedIvat;
  }

  result(): CustomerAccountFiguresTable[] {
    return [...this.rows.values()];
  }
}

/** Adds a batch's figures into the stored ones, in the ingestion transaction. */
export async function addCustomerFigures(
  trx: Transaction<Database>,
  rows: CustomerAccountFiguresTable[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('customer_account_figures')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['customer_account_id', 'company_id']).doUpdateSet({
        visit: sql`customer_account_figures.visit + excluded.visit`,
        nb_guests: sql`customer_account_figures.nb_guests + excluded.nb_guests`,
        turnover: sql`customer_account_figures.turnover + excluded.turnover`,
        discount: sql`customer_account_figures.discount + excluded.discount`,
        offered: sql`customer_account_figures.offered + excluded.offered`,
      }),
    )
    .execute();
}
