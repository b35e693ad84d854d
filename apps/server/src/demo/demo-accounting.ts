import type { Db } from '../db/database';
import { setEcritureNum } from '../modules/accounting-export/accounting-config.repository';
import { applyChart } from '../modules/accounting-export/accounting-defaults';

/**
 * The suite group's establishments get the proposed French chart, the VAT keys (journal « VT »
 * Ventes, mode 2) and their entry counter at 1, so that a newcomer exports a FEC at once; the
 * standard edition's crêperie stays unconfigured. Runs once the registers pushed their catalogue.
 */
export async function seedDemoAccounting(
  db: Db,
  suite: { accountId: string; companyIds: string[] },
): Promise<void> {
  for (const companyId of suite.companyIds) {
    await db.transaction().execute(async (trx) => {
      const scope = { accountId: suite.accountId, companyId };
      await applyChart(trx, scope);
      await setEcritureNum(trx, scope, 1);
    });
  }
}
