import { encodeStoredRecord } from '@comptoir/fiscal';
import { registerDefectBase, type ChainState, type CheckRun } from './fiscal-check.context';
import { cap, describeRecord, short } from './fiscal-check.messages';
import type { VerifyItem } from './fiscal-check.pool';
import type { ChainRecord } from './fiscal-check.repository';

/** A register chain's next record against the one before it: its sequence number and its link. */
export function checkLink(run: CheckRun, chain: ChainState, row: ChainRecord, chainText: string): void {
  const { prev, expected } = chain;
  if (row.seq !== expected) {
    run.defects.push({
      ...registerDefectBase(row, chain.reg.companyId),
      code: 'SEQUENCE_GAP',
      details: { missingFrom: expected, missingTo: row.seq - 1 },
      message:
        `${cap(chainText)} : séquence${row.seq - 1 > expected ? `s ${expected} à ${row.seq - 1} manquantes` : ` ${expected} manquante`}` +
        ` entre la séquence ${prev ? prev.seq : expected - 1} et la séquence ${row.seq}`,
    });
  } else if (row.seq === 1 ? row.prev_sig !== null : prev !== null && row.prev_sig !== prev.sig) {
    run.defects.push({
      ...registerDefectBase(row, chain.reg.companyId),
      code: 'BROKEN_LINK',
      details: { expected: prev?.sig ?? null, found: row.prev_sig },
      message:
        `${cap(describeRecord(row))} (${chainText}, séquence ${row.seq}) : le lien vers la séquence ` +
        `${row.seq - 1} ne correspond pas à sa signature (attendu ${short(prev?.sig ?? null)}, trouvé ${short(row.prev_sig)})`,
    });
  }
  chain.prev = { seq: row.seq, sig: row.sig };
  chain.expected = row.seq + 1;
  chain.last = row;
}

/**
 * The register's signatures of a page, verified on the worker threads from the signed bytes rebuilt
 * from the stored rows; settles once every verdict is in and each bad one is a defect.
 */
export function checkSignatures(
  run: CheckRun,
  chain: ChainState,
  rows: ChainRecord[],
  chainText: string,
): Promise<void> {
  const items: VerifyItem[] = rows.map((r) => [
    chain.keyIdx,
    encodeStoredRecord({
      registerId: r.register_id,
      kind: r.kind,
      v: r.v,
      seq: r.seq,
      at: new Date(r.at).toISOString(),
      prev: r.prev_sig,
      dataText: r.data,
    }),
    r.sig,
  ]);
  return run.pool.verify(run.keys(), items).then((ok) => {
    rows.forEach((r, i) => {
      if (ok[i]) return;
      run.defects.push({
        ...registerDefectBase(r, chain.reg.companyId),
        code: 'BAD_SIGNATURE',
        details: {},
        message:
          `${cap(describeRecord(r))} (${chainText}, séquence ${r.seq}) : la signature de la caisse ` +
          `ne correspond pas au contenu enregistré`,
      });
    });
  });
}
