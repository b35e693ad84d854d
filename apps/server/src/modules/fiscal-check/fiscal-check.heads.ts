import type { SignatureChainScope } from '@comptoir/contracts';
import { encodeChainHead, encodeRegisterChainHead } from '../../platform/jet';
import type { ChainState, CheckRun } from './fiscal-check.context';
import { cap, chainName, short } from './fiscal-check.messages';
import * as repo from './fiscal-check.repository';

/** A register chain's head, signed by the server, against the last record stored. */
export async function checkRegisterHead(run: CheckRun, chain: ChainState): Promise<void> {
  const { registerId, kind, reg, last } = chain;
  const head = await repo.registerChainHead(run.db, registerId, kind);
  const base = {
    scope: 'register' as const,
    companyId: reg.companyId,
    registerId,
    recordKind: kind,
    recordId: last?.record_id ?? null,
    seq: head?.last_seq ?? last?.seq ?? null,
    businessDay: last?.business_day ?? null,
    serviceId: null,
  };
  const chainText = chainName(reg.name, kind);
  if (!head || !head.server_sig) {
    run.defects.push({
      ...base,
      code: 'HEAD_BAD_SIGNATURE',
      details: { lastStoredSeq: last?.seq ?? null },
      message: `${cap(chainText)} : la tête de chaîne signée par le serveur est absente`,
    });
    return;
  }
  const signed = run.serverKey.verify(
    encodeRegisterChainHead({
      accountId: head.account_id,
      companyId: head.company_id,
      registerId,
      kind,
      lastSeq: head.last_seq,
      lastSig: head.last_sig,
    }),
    head.server_sig,
  );
  if (!signed) {
    run.defects.push({
      ...base,
      code: 'HEAD_BAD_SIGNATURE',
      details: { headSeq: head.last_seq },
      message: `${cap(chainText)} : la signature serveur de la tête de chaîne (séquence ${head.last_seq}) ne correspond pas`,
    });
  }
  if (!last || head.last_seq !== last.seq || head.last_sig !== last.sig) {
    run.defects.push({
      ...base,
      code: 'HEAD_MISMATCH',
      details: { headSeq: head.last_seq, lastStoredSeq: last?.seq ?? null },
      message:
        `${cap(chainText)} : la tête signée désigne la séquence ${head.last_seq}, ` +
        (last ? `dernière séquence enregistrée ${last.seq}` : 'aucun enregistrement trouvé') +
        (last && head.last_seq > last.seq ? ` (séquences ${last.seq + 1} à ${head.last_seq} disparues)` : ''),
    });
  }
}

/** The register's own idea of its heads (`lastSignatures`) against the stored ones. */
export async function checkLastSignatures(run: CheckRun, registerId: string): Promise<void> {
  const reg = run.registers.get(registerId);
  if (!reg || !run.payload.lastSignatures?.length) return;
  const heads = await repo.registerChainHeads(run.db, registerId);
  for (const claimed of run.payload.lastSignatures) {
    const head = heads.find((h) => h.kind === claimed.kind);
    if (head && head.last_seq === claimed.seq && head.last_sig === claimed.sig) continue;
    run.defects.push({
      scope: 'register',
      code: 'HEAD_MISMATCH',
      companyId: reg.companyId,
      registerId,
      recordKind: claimed.kind,
      recordId: null,
      seq: claimed.seq,
      businessDay: null,
      serviceId: null,
      details: { headSeq: claimed.seq, lastStoredSeq: head?.last_seq ?? null, expected: claimed.sig },
      message:
        `${cap(chainName(reg.name, claimed.kind))} : la caisse annonce la séquence ${claimed.seq} ` +
        `(signature ${short(claimed.sig)}), le serveur a ` +
        (head ? `la séquence ${head.last_seq} (signature ${short(head.last_sig)})` : 'aucun enregistrement'),
    });
  }
}

/** An establishment's server chain head (server closures, archives) against its last link. */
export async function checkServerHead(
  run: CheckRun,
  companyId: string,
  kind: 'server_closure' | 'archive',
  lastSeq: number,
  lastSig: string,
  label: string,
  where: { scope: SignatureChainScope; recordKind: string; recordId: string; businessDay: string },
): Promise<void> {
  const { accountId } = run.payload;
  const head = await repo.serverChainHead(run.db, accountId, companyId, kind);
  const base = { ...where, companyId, registerId: null, seq: head?.last_seq ?? lastSeq, serviceId: null };
  const signed =
    head &&
    run.serverKey.verify(
      encodeChainHead({
        accountId,
        companyId,
        kind,
        lastSeq: head.last_seq,
        lastSig: head.last_sig,
      }),
      head.sig,
    );
  if (!head || !signed) {
    run.defects.push({
      ...base,
      code: 'HEAD_BAD_SIGNATURE',
      details: { headSeq: head?.last_seq },
      message: head
        ? `${label} : la signature serveur de la tête de chaîne (séquence ${head.last_seq}) ne correspond pas`
        : `${label} : la tête de chaîne signée est absente`,
    });
  } else if (head.last_seq !== lastSeq || head.last_sig !== lastSig) {
    run.defects.push({
      ...base,
      code: 'HEAD_MISMATCH',
      details: { headSeq: head.last_seq, lastStoredSeq: lastSeq },
      message: `${label} : la tête signée désigne la séquence ${head.last_seq}, dernière séquence enregistrée ${lastSeq}`,
    });
  }
}
