import { addCalendarDays, parisDayOf } from '@comptoir/contracts';
import { encodeChainHead, encodeJetEvent } from '../../platform/jet';
import type { CheckRun } from './fiscal-check.context';
import * as repo from './fiscal-check.repository';

export interface JetRange {
  minSeq: number;
  maxSeq: number;
  count: number;
}

/** The account's JET events of the range, by sequence; null when there are none. */
export async function jetRange(run: CheckRun): Promise<JetRange | null> {
  const range = await repo.jetSeqRange(
    run.db,
    run.payload.accountId,
    parisStart(run.payload.startDay),
    parisStart(addCalendarDays(run.payload.endDay, 1)),
  );
  return range && { ...range, count: range.maxSeq - range.minSeq + 1 };
}

/** The account's JET: server signatures, links, gaps and its signed head. */
export async function checkJet(run: CheckRun, range: { minSeq: number; maxSeq: number }): Promise<void> {
  const { accountId } = run.payload;
  const from = Math.max(1, range.minSeq - 1);
  const events = await repo.jetEventsFrom(run.db, accountId, from);
  const serverKey = run.keyIndex(run.serverKey.publicKeyRaw);
  const ok = await run.pool.verify(
    run.keys(),
    events.map((e) => [
      serverKey,
      encodeJetEvent({ ...e, details: typeof e.details === 'string' ? JSON.parse(e.details) : e.details }),
      e.sig,
    ]),
  );
  let expected = from;
  let prev: (typeof events)[number] | null = null;
  const base = (e: (typeof events)[number]) => ({
    scope: 'jet' as const,
    companyId: e.company_id,
    registerId: null,
    recordKind: 'jet_event',
    recordId: null,
    seq: e.seq,
    businessDay: parisDayOf(new Date(e.occurred_at)),
    serviceId: null,
  });
  events.forEach((e, i) => {
    const what = `Événement du JET n° ${e.seq} (${e.code} ${e.label}, ${new Date(e.occurred_at).toISOString()})`;
    if (!ok[i]) {
      run.defects.push({
        ...base(e),
        code: 'BAD_SIGNATURE',
        details: {},
        message: `${what} : la signature du serveur ne correspond pas au contenu enregistré`,
      });
    }
    if (e.seq !== expected) {
      run.defects.push({
        ...base(e),
        code: 'SEQUENCE_GAP',
        details: { missingFrom: expected, missingTo: e.seq - 1 },
        message: `JET : événements ${expected} à ${e.seq - 1} manquants avant l'événement n° ${e.seq}`,
      });
    } else if (prev ? e.prev_sig !== prev.sig : e.seq === 1 && e.prev_sig !== null) {
      run.defects.push({
        ...base(e),
        code: 'BROKEN_LINK',
        details: { expected: prev?.sig ?? null, found: e.prev_sig },
        message: `${what} : le lien vers l'événement n° ${e.seq - 1} ne correspond pas à sa signature`,
      });
    }
    prev = e;
    expected = e.seq + 1;
  });
  await run.progress(events.filter((e) => e.seq >= range.minSeq && e.seq <= range.maxSeq).length);
  const last = events[events.length - 1] ?? null;
  const head = await repo.serverChainHead(run.db, accountId, null, 'jet');
  if (!last) return;
  const headBase = { ...base(last), seq: head?.last_seq ?? last.seq };
  if (
    !head ||
    !run.serverKey.verify(
      encodeChainHead({
        accountId,
        companyId: null,
        kind: 'jet',
        lastSeq: head.last_seq,
        lastSig: head.last_sig,
      }),
      head.sig,
    )
  ) {
    run.defects.push({
      ...headBase,
      code: 'HEAD_BAD_SIGNATURE',
      details: { headSeq: head?.last_seq },
      message: head
        ? `JET : la signature serveur de la tête de chaîne (événement n° ${head.last_seq}) ne correspond pas`
        : 'JET : la tête de chaîne signée est absente',
    });
  } else if (head.last_seq !== last.seq || head.last_sig !== last.sig) {
    run.defects.push({
      ...headBase,
      code: 'HEAD_MISMATCH',
      details: { headSeq: head.last_seq, lastStoredSeq: last.seq },
      message: `JET : la tête signée désigne l'événement n° ${head.last_seq}, dernier événement enregistré n° ${last.seq}`,
    });
  }
}

/** Midnight in Paris of a day, as an instant (the JET is read by instants). */
function parisStart(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  for (const offset of [-1, -2]) {
    const at = new Date(guess.getTime() + offset * 3_600_000);
    if (parisDayOf(at) === day && parisDayOf(new Date(at.getTime() - 1)) !== day) return at;
  }
  return guess;
}
