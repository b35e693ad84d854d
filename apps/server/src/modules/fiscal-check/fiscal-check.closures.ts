import type { CheckRun } from './fiscal-check.context';
import { fieldLabel, formatValue, frDay } from './fiscal-check.messages';
import * as repo from './fiscal-check.repository';

/** Each register closure of the range: its totals recomputed from the orders of its services. */
export async function checkClosureTotals(run: CheckRun): Promise<void> {
  if (run.payload.companyIds.length === 0) return;
  const closures = await repo.registerClosures(run.db, run.scope);
  const idsOf = (c: (typeof closures)[number]) =>
    (typeof c.service_ids === 'string' ? JSON.parse(c.service_ids) : c.service_ids) as string[];
  const perService = await repo.orderTotalsByService(run.db, [...new Set(closures.flatMap(idsOf))]);
  for (const c of closures) {
    const serviceIds = idsOf(c);
    if (serviceIds.length === 0) continue;
    const sums = { amount_total_ivat: 0, amount_total_evat: 0, amount_tax: 0 };
    for (const id of serviceIds) {
      const t = perService.get(id);
      if (!t) continue;
      sums.amount_total_ivat += t.amount_total_ivat;
      sums.amount_total_evat += t.amount_total_evat;
      sums.amount_tax += t.amount_tax;
    }
    const reg = run.registers.get(c.register_id);
    for (const field of ['amount_total_ivat', 'amount_total_evat', 'amount_tax'] as const) {
      const want = Number(sums[field]);
      const got = Number(c[field]);
      if (want === got) continue;
      run.defects.push({
        scope: 'register',
        code: 'CLOSURE_TOTAL_MISMATCH',
        companyId: c.company_id,
        registerId: c.register_id,
        recordKind: 'closure',
        recordId: c.id,
        seq: c.seq,
        businessDay: c.end_day,
        serviceId: null,
        details: { table: 'closures', field, expected: want, found: got },
        message:
          `Clôture du ${frDay(c.start_day)}${c.end_day !== c.start_day ? ` au ${frDay(c.end_day)}` : ''} ` +
          `(caisse ${reg?.name ?? c.register_id}, séquence ${c.seq}) : ${fieldLabel(field)} recalculé des commandes ` +
          `${formatValue(field, want)}, trouvé ${formatValue(field, got)}`,
      });
    }
  }
}
