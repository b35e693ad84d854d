import type { FiscalFileCheckResult } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { FileStorage } from '../../platform/files';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { JET_EVENTS, recordJetEvent, recordJetRefusal } from '../../platform/jet';
import { parseKey } from './fiscal-archives.key';
import {
  archiveChain,
  archiveRequester,
  companyName,
  findArchiveByHash,
  insertFileCheck,
} from './fiscal-archives.repository';

/** The key file, read whole (64 KB at most). */
export interface UploadedFile {
  filename: string;
  content: Buffer;
}

/** The archive, hashed as it streamed in and never held whole: its name, size and SHA-256. */
export interface StreamedFile {
  filename: string;
  size: number;
  sha256: string;
}

/**
 * The fiscal file check: integrity (the .csv's SHA-256 against the key), authenticity (the server's
 * signature of the key), the archive known to this account by its hash, and the chain of the
 * establishment's archives up to it. Every check is stored in `fiscal_file_checks`.
 */
export async function checkFiscalFile(
  db: Db,
  deps: { serverKey: ServerKey; files: FileStorage },
  ctx: RequestContext,
  csv: StreamedFile,
  keyFile: UploadedFile,
): Promise<FiscalFileCheckResult> {
  const fileSha256 = csv.sha256;
  const problems: string[] = [];
  const key = parseKey(keyFile.content.toString('utf8'));
  if (!key)
    problems.push(
      `La clé « ${keyFile.filename} » est illisible : ce n'est pas une clé de vérification Comptoir.`,
    );
  const keyHash = key?.values.get('file_sha256') ?? null;
  const isIntact = keyHash === fileSha256;
  if (key && !isIntact) {
    problems.push(
      `Le fichier « ${csv.filename} » a été modifié : son empreinte SHA-256 ne correspond pas à celle de la clé.`,
    );
  }
  const isAuthentic =
    key !== null && deps.serverKey.verify(Buffer.from(key.signedText, 'utf8'), key.signature);
  if (key && !isAuthentic) {
    problems.push(
      `La clé « ${keyFile.filename} » n'est pas authentique : la signature du serveur ne correspond pas à son contenu.`,
    );
  }
  const archive = keyHash ? await findArchiveByHash(db, ctx.accountId, keyHash) : undefined;
  if (key && !archive) problems.push('Aucune archive de votre compte ne correspond à cette clé.');
  const exportHistoryErrors = archive
    ? await brokenLinks(db, deps.files, deps.serverKey, archive.company_id, archive.seq)
    : 0;
  if (exportHistoryErrors > 0) {
    problems.push(
      `L'historique des archives de l'établissement comporte ${exportHistoryErrors} erreur(s) de chaînage.`,
    );
  }
  const company = archive
    ? await companyName(db, archive.company_id)
    : (key?.values.get('company_name') ?? null);
  const requester = archive
    ? await archiveRequester(db, archive.export_id, archive.created_by)
    : { email: null, username: null };
  const result: FiscalFileCheckResult = {
    export_date: key?.values.get('export_date') ?? null,
    opening_export_date: key?.values.get('period_start') ?? null,
    closing_export_date: key?.values.get('period_end') ?? null,
    keyexisting: archive !== undefined,
    exportHistoryErrors,
    isIntact,
    isAuthentic,
    isValid: isIntact && isAuthentic && archive !== undefined && exportHistoryErrors === 0,
    company,
    email: requester.email,
    username: requester.username,
    problems,
  };
  await db.transaction().execute(async (trx) => {
    await insertFileCheck(trx, {
      account_id: ctx.accountId,
      company_id: archive?.company_id ?? null,
      user_id: ctx.kind === 'fiscal' ? null : ctx.userId,
      archive_id: archive?.id ?? null,
      file_name: csv.filename.slice(0, 255),
      key_file_name: keyFile.filename.slice(0, 255),
      file_sha256: fileSha256,
      key_existing: result.keyexisting,
      is_intact: isIntact,
      is_authentic: isAuthentic,
      export_history_errors: exportHistoryErrors,
      result: JSON.stringify(result),
    });
    // The journal says who checked which file with which outcome (NF525: a file check is traced); a
    // failed check is journaled once per caller and hour, every check staying in fiscal_file_checks.
    if (ctx.accountId) {
      const event = {
        ...JET_EVENTS.fiscalFileChecked,
        accountId: ctx.accountId,
        companyId: archive?.company_id ?? null,
        userId: ctx.kind === 'fiscal' ? null : ctx.userId,
        details: { isIntact, isAuthentic, isValid: result.isValid, sha256: fileSha256 },
      };
      if (result.isValid) await recordJetEvent(trx, deps.serverKey, event);
      else {
        const caller = ctx.kind === 'fiscal' ? `fiscal:${ctx.sessionId}` : ctx.userId;
        await recordJetRefusal(trx, deps.serverKey, { ...event, caller, reason: 'FILE_NOT_VALID' });
      }
    }
  });
  return result;
}

/**
 * Broken links of the establishment's chain up to `seq`: a seq missing, a predecessor's hash that is
 * not the previous archive's, or a stored key whose signature or content no longer matches its row.
 */
async function brokenLinks(
  db: Db,
  files: FileStorage,
  serverKey: ServerKey,
  companyId: string,
  seq: number | string,
): Promise<number> {
  const chain = await archiveChain(db, companyId, seq);
  let broken = 0;
  let previous: (typeof chain)[number] | null = null;
  for (const [index, archive] of chain.entries()) {
    const expectedPrev = previous?.sha256 ?? null;
    let isSound = Number(archive.seq) === index + 1 && archive.prev_archive_sha256 === expectedPrev;
    if (isSound) {
      const key = await files
        .get(archive.key_file_key)
        .then((content) => parseKey(content.toString('utf8')))
        .catch(() => null);
      isSound =
        key !== null &&
        serverKey.verify(Buffer.from(key.signedText, 'utf8'), key.signature) &&
        key.values.get('file_sha256') === archive.sha256 &&
        key.values.get('previous_archive_sha256') === (expectedPrev ?? 'none');
    }
    if (!isSound) broken += 1;
    previous = archive;
  }
  return broken;
}
