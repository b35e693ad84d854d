import { encodeServerClosure } from '../server-closures/server-closures.encoding';
import { computeServerClosureTotalsMany } from '../server-closures/server-closures.service';
import type { CheckRun } from './fiscal-check.context';
import { checkServerHead } from './fiscal-check.heads';
import { fieldLabel, formatValue, frDay } from './fiscal-check.messages';
import * as repo from './fiscal-check.repository';

/**
 * The establishment's server closures ending in the range (and the one before, for the first link):
 * server signature, links, gaps, totals recomputed from their sources, grand totals, signed head.
 */
export async function checkServerClosures(run: CheckRun, companyId: string): Promise<void> {
  const { accountId, startDay, endDay } = run.payload;
  const all = await repo.companyServerClosures(run.db, accountId, companyId);
  const inRange = all.filter((c) => c.end_day >= startDay && c.end_day <= endDay);
  if (inRange.length === 0) return;
  const first = inRange[0]!.seq;
  const lastInRange = inRange[inRange.length - 1]!.seq;
  const reachesEnd = lastInRange === all[all.length - 1]!.seq;
  const recomputed = await computeServerClosureTotalsMany(run.db, companyId, inRange, all);
  const grand = new Map<number, number>();
  let prev: (typeof all)[number] | null = null;
  const typeName: Record<number, string> = { 1: 'journalière', 3: 'mensuelle', 5: 'annuelle' };
  for (const c of all) {
    const expectedGrand = (grand.get(c.type) ?? 0) + Number(c.amount_total_ivat);
    grand.set(c.type, Number(c.grand_total_ivat));
    if (c.seq < first || c.seq > lastInRange) {
      prev = c;
      continue;
    }
    const what = `Clôture serveur ${typeName[c.type] ?? c.type} du ${frDay(c.start_day)}${c.end_day !== c.start_day ? ` au ${frDay(c.end_day)}` : ''} (séquence ${c.seq})`;
    const base = {
      scope: 'server_closure' as const,
      companyId,
      registerId: null,
      recordKind: 'server_closure',
      recordId: c.id,
      seq: c.seq,
      businessDay: c.end_day,
      serviceId: null,
    };
    const signedRow = {
      ...c,
      payments: typeof c.payments === 'string' ? JSON.parse(c.payments) : c.payments,
      taxes: typeof c.taxes === 'string' ? JSON.parse(c.taxes) : c.taxes,
    };
    if (!run.serverKey.verify(encodeServerClosure(signedRow), c.sig)) {
      run.defects.push({
        ...base,
        code: 'BAD_SIGNATURE',
        details: {},
        message: `${what} : la signature du serveur ne correspond pas au contenu enregistré`,
      });
    }
    const expectedSeq = prev ? prev.seq + 1 : 1;
    if (c.seq !== expectedSeq) {
      run.defects.push({
        ...base,
        code: 'SEQUENCE_GAP',
        details: { missingFrom: expectedSeq, missingTo: c.seq - 1 },
        message: `Clôtures serveur : séquences ${expectedSeq} à ${c.seq - 1} manquantes avant la séquence ${c.seq}`,
      });
    } else if (c.prev_sig !== (prev?.sig ?? null)) {
      run.defects.push({
        ...base,
        code: 'BROKEN_LINK',
        details: { expected: prev?.sig ?? null, found: c.prev_sig },
        message: `${what} : le lien vers la séquence ${c.seq - 1} ne correspond pas à sa signature`,
      });
    }
    if (expectedGrand !== Number(c.grand_total_ivat)) {
      run.defects.push({
        ...base,
        code: 'GRAND_TOTAL_MISMATCH',
        details: {
          table: 'server_closures',
          field: 'grand_total_ivat',
          expected: expectedGrand,
          found: Number(c.grand_total_ivat),
        },
        message: `${what} : grand total perpétuel attendu ${formatValue('grand_total_ivat', expectedGrand)} (précédent + période), trouvé ${formatValue('grand_total_ivat', Number(c.grand_total_ivat))}`,
      });
    }
    const totals = recomputed.get(c.id);
    if (totals) {
      for (const field of ['amount_total_ivat', 'amount_total_evat', 'amount_tax'] as const) {
        const want = Number(totals[field]);
        const got = Number(c[field]);
        if (want === got) continue;
        run.defects.push({
          ...base,
          code: 'CLOSURE_TOTAL_MISMATCH',
          details: { table: 'server_closures', field, expected: want, found: got },
          message: `${what} : ${fieldLabel(field)} recalculé ${formatValue(field, want)}, trouvé ${formatValue(field, got)}`,
        });
      }
    }
    prev = c;
    await run.progress(1);
  }
  if (reachesEnd) {
    const last = all[all.length - 1]!;
    await checkServerHead(run, companyId, 'server_closure', last.seq, last.sig, 'Clôtures serveur', {
      scope: 'server_closure',
      recordKind: 'server_closure',
      recordId: last.id,
      businessDay: last.end_day,
    });
  }
}
