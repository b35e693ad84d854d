import type { CheckRun } from './fiscal-check.context';
import { checkServerHead } from './fiscal-check.heads';
import { short } from './fiscal-check.messages';
import * as repo from './fiscal-check.repository';

/** The establishment's archives: sequence, hash links and the signed head of their chain. */
export async function checkArchives(run: CheckRun, companyId: string): Promise<void> {
  const { accountId } = run.payload;
  const all = await repo.companyArchives(run.db, accountId, companyId);
  if (all.length === 0) return;
  let prev: (typeof all)[number] | null = null;
  for (const a of all) {
    const base = {
      scope: 'archive' as const,
      companyId,
      registerId: null,
      recordKind: 'archive',
      recordId: a.id,
      seq: Number(a.seq),
      businessDay: a.end_day,
      serviceId: null,
    };
    const expectedSeq = prev ? Number(prev.seq) + 1 : 1;
    if (Number(a.seq) !== expectedSeq) {
      run.defects.push({
        ...base,
        code: 'SEQUENCE_GAP',
        details: { missingFrom: expectedSeq, missingTo: Number(a.seq) - 1 },
        message: `Archives fiscales : archives ${expectedSeq} à ${Number(a.seq) - 1} manquantes avant l'archive n° ${a.seq}`,
      });
    } else if (a.prev_archive_sha256 !== (prev?.sha256 ?? null)) {
      run.defects.push({
        ...base,
        code: 'BROKEN_LINK',
        details: { expected: prev?.sha256 ?? null, found: a.prev_archive_sha256 },
        message: `Archive fiscale n° ${a.seq} : l'empreinte de l'archive précédente ne correspond pas (attendu ${short(prev?.sha256 ?? null)}, trouvé ${short(a.prev_archive_sha256)})`,
      });
    }
    prev = a;
  }
  const last = all[all.length - 1]!;
  // Archives built before their chain had a signed head have none: only a present head is checked.
  if (await repo.serverChainHead(run.db, accountId, companyId, 'archive')) {
    await checkServerHead(run, companyId, 'archive', Number(last.seq), last.sig, 'Archives fiscales', {
      scope: 'archive',
      recordKind: 'archive',
      recordId: last.id,
      businessDay: last.end_day,
    });
  }
}
