import crypto from 'node:crypto';
import { z } from 'zod';
import {
  addYears,
  formatBusinessDay,
  isValidExportEmail,
  readArchiveDay,
  type FiscalArchiveAnswer,
  type FiscalArchiveKind,
  type FiscalArchiveQuery,
  addCalendarDays,
  parseParisDateTime,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportRow } from '../../db/schema/backoffice';
import { authError } from '../../platform/auth-errors';
import type { Config } from '../../platform/config';
import { openStorageStream, type FileStorage } from '../../platform/files';
import { escapeHtml } from '../../platform/html-page';
import type { JobRunner } from '../../platform/job-runner';
import type { JobContext, JobRow } from '../../platform/jobs';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import { moveServerChainHead } from '../../platform/server-chain';
import type { Mailer } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { signedLink } from '../../platform/signed-link';
import { exportMail, exportSpan, type MailParagraph } from '../../platform/mailed-export/export-mail';
import {
  mailExport,
  queueExport,
  recordExportFile,
  runExportJob,
} from '../../platform/mailed-export/mailed-export';
import { CSV_HEADER, csvRow } from './fiscal-archives.csv';
import { fiscalAccessError } from '../fiscal-access/fiscal-access.errors';
import { fiscalArchivesError } from './fiscal-archives.errors';
import { VERIFICATION_GUIDE_FILENAME } from './fiscal-archives.guide';
import { keyFileText } from './fiscal-archives.key';
import {
  archiveOfExport,
  findCompany,
  insertArchive,
  hasRecords,
  inspectorGrant,
  lastArchive,
  lockArchiveChain,
  recordBatches,
  registerKeys,
  type RecordScope,
} from './fiscal-archives.repository';

export const FISCAL_ARCHIVE_QUEUE = 'fiscal-archives.build';
/** The three files of an archive's mail: the records, their signed key, the verification guide. */
export const ARCHIVE_FILES = ['csv', 'txt', 'guide'] as const;
export type ArchiveFile = (typeof ARCHIVE_FILES)[number];
/** How long a mailed download link stays valid. */
export const ARCHIVE_LINK_TTL_SECONDS = 7 * 24 * 3600;

function dayBounds(startDay: string, endDay: string): { start: Date; end: Date } {
  const start = parseParisDateTime(`${startDay} 00:00:00`)!;
  const nextMidnight = parseParisDateTime(`${addCalendarDays(endDay, 1)} 00:00:00`)!;
  return { start, end: new Date(nextMidnight.getTime() - 1) };
}

/**
 * Checks the request (spec 1 §5: dates, at most one year, e-mail), answers `noData` when the period
 * holds no record, else records the export and queues its job in the caller's transaction. An
 * inspector (fiscal session, issue 18 part 3) may ask for any establishment of the account it was
 * granted (else 403 COMPANY_FORBIDDEN): the body's e-mail is ignored, the archive goes to the address
 * the access was validated for, and the request is journalled (JET 45). A session whose access is no
 * longer validated and live: 401 SESSION_REVOKED; one no sign-in opened: 404 REQUEST_NOT_FOUND.
 */
export async function requestFiscalArchive(
  trx: Db,
  jobs: JobRunner,
  serverKey: ServerKey,
  ctx: RequestContext,
  companyId: string,
  query: FiscalArchiveQuery,
): Promise<FiscalArchiveAnswer> {
  const isInspector = ctx.kind === 'fiscal';
  // An inspector's access covers the account's establishments: any other is outside the grant.
  if (isInspector && !ctx.companyIds.includes(companyId)) throw authError('COMPANY_FORBIDDEN');
  if (!ctx.companyIds.includes(companyId) || !(await findCompany(trx, ctx.accountId, companyId))) {
    throw fiscalArchivesError('COMPANY_NOT_FOUND');
  }
  // An inspector's archive goes to the address the access was validated for, never to a given one.
  const grant = isInspector ? await liveInspectorGrant(trx, ctx) : null;
  const startDay = readArchiveDay(query.startDate);
  const endDay = readArchiveDay(query.endDate);
  if (!startDay || !endDay) throw fiscalArchivesError('INVALID_DATE');
  if (endDay < startDay) throw fiscalArchivesError('REVERSED_DATES');
  if (addYears(startDay, 1) <= endDay) throw fiscalArchivesError('PERIOD_TOO_LONG');
  if (!grant && !isValidExportEmail(query.email)) throw fiscalArchivesError('INVALID_EMAIL');
  const { start, end } = dayBounds(startDay, endDay);
  if (!(await hasRecords(trx, { companyId, kind: query.kind, start, end }))) {
    return { success: true, hasData: false, message: 'noData', exportId: null };
  }
  const { exportId } = await queueExport(trx, jobs, FISCAL_ARCHIVE_QUEUE, {
    account_id: ctx.accountId,
    company_ids: JSON.stringify([companyId]),
    kind: query.kind,
    // A fiscal session runs in the holder's name: the inspector is not a user of the account.
    requested_by: grant ? null : ctx.userId,
    email: grant ? grant.askerEmail : query.email.trim(),
    period_start: start,
    period_end: end,
    params: JSON.stringify({
      companyId,
      startDay,
      endDay,
      ...(grant ? { inspectorRequestId: grant.requestId } : {}),
    }),
  });
  if (grant) {
    await recordJetEvent(trx, serverKey, {
      ...JET_EVENTS.fiscalArchiveInspectorExport,
      accountId: ctx.accountId,
      companyId,
      details: {
        exportId,
        requestId: grant.requestId,
        askerEmail: grant.askerEmail,
        kind: query.kind,
        startDay,
        endDay,
      },
    });
  }
  return { success: true, hasData: true, message: 'exportProcessing', exportId };
}

/**
 * The access behind an inspector's session: 404 REQUEST_NOT_FOUND when no sign-in opened the session
 * (no address to send to), 401 SESSION_REVOKED once the access is no longer validated and live.
 */
async function liveInspectorGrant(trx: Db, ctx: RequestContext) {
  const grant = await inspectorGrant(trx, ctx.accountId, ctx.sessionId);
  if (!grant) throw fiscalAccessError('REQUEST_NOT_FOUND');
  const isLive =
    grant.status === 'validated' && grant.expiresAt !== null && new Date(grant.expiresAt) > new Date();
  if (!isLive) throw authError('SESSION_REVOKED');
  return grant;
}

export interface FiscalArchiveDeps {
  db: Db;
  files: FileStorage;
  mailer: Mailer;
  serverKey: ServerKey;
  config: Config;
}

const exportParams = z.object({
  companyId: z.uuid(),
  startDay: z.string(),
  endDay: z.string(),
  inspectorRequestId: z.uuid().optional(),
});

/**
 * The job: writes the archive (hashing it on the way), signs its key chained to the establishment's
 * previous archive, stores both, records the archive and a JET event, then mails the download links.
 */
export async function runFiscalArchive(
  deps: FiscalArchiveDeps,
  job: JobRow,
  jobCtx: JobContext,
): Promise<{ exportId: string; archiveId: string | null }> {
  return runExportJob(deps.db, job, {
    alreadyDone: async (exported) => {
      const done = await archiveOfExport(deps.db, exported.id);
      return done ? { exportId: exported.id, archiveId: done.id } : undefined;
    },
    work: async (exported) => ({
      exportId: exported.id,
      archiveId: await buildArchive(deps, exported, jobCtx),
    }),
    notice: {
      done: (_trx, exported) => ({
        type: 'success',
        text: `Archive fiscale ${KIND_LABEL[exported.kind as FiscalArchiveKind]} ${exportSpan(exported)} prête : les liens ont été envoyés à ${exported.email ?? ''}.`,
      }),
      failed: (exported) => ({
        type: 'error',
        text: `L'archive fiscale ${KIND_LABEL[exported.kind as FiscalArchiveKind]} ${exportSpan(exported)} a échoué. Veuillez réessayer ou contacter le support.`,
      }),
    },
  });
}

async function buildArchive(
  deps: FiscalArchiveDeps,
  exported: ExportRow,
  jobCtx: JobContext,
): Promise<string> {
  const params = exportParams.parse(exported.params);
  const kind = exported.kind as FiscalArchiveKind;
  const scope: RecordScope = {
    companyId: params.companyId,
    kind,
    start: exported.period_start,
    end: exported.period_end,
  };
  const company = await findCompany(deps.db, exported.account_id, params.companyId);
  if (!company) throw new Error(`company ${params.companyId} not found`);
  const base = `fiscal-archives/${params.companyId}/${exported.id}`;
  const fileKey = `${base}.csv`;
  const keyFileKey = `${base}.txt`;

  const hash = crypto.createHash('sha256');
  const file = openStorageStream(deps.files, fileKey);
  const write = (text: string) => {
    hash.update(text, 'utf8');
    if (!file.output.write(text, 'utf8')) {
      return new Promise<void>((resolve) => file.output.once('drain', resolve));
    }
    return undefined;
  };
  let recordCount = 0;
  const registerIds = new Set<string>();
  try {
    await write(CSV_HEADER);
    for await (const batch of recordBatches(deps.db, scope)) {
      file.throwIfFailed();
      if (jobCtx.signal.aborted) throw new Error('archive interrupted: the server is stopping');
      await write(batch.map(csvRow).join(''));
      for (const record of batch) registerIds.add(record.register_id);
      recordCount += batch.length;
    }
    file.output.end();
    await file.stored;
  } catch (err) {
    await file.abort(err);
    throw err;
  }
  const sha256 = hash.digest('hex');
  const registers = await registerKeys(deps.db, exported.account_id, [...registerIds]);

  const archive = await deps.db.transaction().execute(async (trx) => {
    await lockArchiveChain(trx, params.companyId);
    const previous = await lastArchive(trx, params.companyId);
    const seq = Number(previous?.seq ?? 0) + 1;
    const key = keyFileText(
      {
        fileSha256: sha256,
        companyId: params.companyId,
        companyName: company.company_name,
        kind,
        periodStart: params.startDay,
        periodEnd: params.endDay,
        exportDate: new Date().toISOString(),
        archiveSeq: seq,
        previousArchiveSha256: previous?.sha256 ?? null,
        recordCount,
        serverPublicKey: deps.serverKey.publicKeyRaw,
        registers: registers.map((register) => ({
          id: register.id,
          serial: register.serial,
          name: register.name,
          enrolledAt: new Date(register.enrolled_at),
          publicKey: register.public_key,
        })),
      },
      (bytes) => deps.serverKey.sign(bytes),
    );
    await deps.files.put(keyFileKey, key);
    const signature = /\nsignature=(.*)\n$/.exec(key)![1]!;
    const row = await insertArchive(trx, {
      account_id: exported.account_id,
      company_id: params.companyId,
      kind,
      start_day: params.startDay,
      end_day: params.endDay,
      file_key: fileKey,
      key_file_key: keyFileKey,
      sha256,
      sig: signature,
      seq,
      prev_archive_sha256: previous?.sha256 ?? null,
      export_id: exported.id,
      created_by: exported.requested_by,
    });
    await moveServerChainHead(trx, deps.serverKey, {
      accountId: exported.account_id,
      companyId: params.companyId,
      kind: 'archive',
      lastSeq: seq,
      lastSig: signature,
    });
    await recordJetEvent(trx, deps.serverKey, {
      accountId: exported.account_id,
      companyId: params.companyId,
      code: JET_EVENTS.fiscalArchiveBuilt.code,
      label: JET_EVENTS.fiscalArchiveBuilt.label,
      userId: exported.requested_by,
      details: { archiveId: row.id, kind, startDay: params.startDay, endDay: params.endDay, seq, sha256 },
    });
    await recordExportFile(trx, exported.id, { fileKey, rowCount: recordCount });
    return row;
  });

  const links = {
    csv: archiveLink(deps.config, archive.id, 'csv'),
    txt: archiveLink(deps.config, archive.id, 'txt'),
    guide: archiveLink(deps.config, archive.id, 'guide'),
  };
  await mailExport(
    deps,
    exported,
    archiveMail(company.company_name, kind, params.startDay, params.endDay, recordCount, links),
  );
  return archive.id;
}

const archiveLinks = signedLink('comptoir/archive-link/v1', ARCHIVE_LINK_TTL_SECONDS);

export function archiveLink(config: Config, archiveId: string, file: ArchiveFile, now = new Date()): string {
  const { stamp, signature } = archiveLinks.sign(config, [archiveId, file], now);
  return `${config.publicUrl}/api/administration-fiscale/archives/${archiveId}/${file}?expires=${stamp}&signature=${signature}`;
}

/** Constant-time check of a download link; false when forged or expired. */
export function isArchiveLinkValid(
  config: Config,
  link: { archiveId: string; file: string; expires: number; signature: string },
  now = new Date(),
): boolean {
  const fields = [link.archiveId, link.file];
  return (
    archiveLinks.verify(config, fields, { stamp: link.expires, signature: link.signature }, now) === 'valid'
  );
}

export function archiveFilename(
  archive: { kind: string; start_day: string; end_day: string; seq: number | string },
  file: ArchiveFile,
) {
  if (file === 'guide') return VERIFICATION_GUIDE_FILENAME;
  return `archive-fiscale_${archive.kind}_${archive.start_day}_${archive.end_day}_n${archive.seq}.${file}`;
}

const KIND_LABEL: Record<FiscalArchiveKind, string> = {
  cashing: 'des encaissements',
  closing: 'des clôtures',
};

function archiveMail(
  companyName: string,
  kind: FiscalArchiveKind,
  startDay: string,
  endDay: string,
  recordCount: number,
  links: Record<ArchiveFile, string>,
): { subject: string; text: string; html: string } {
  const span = `du ${formatBusinessDay(startDay)} au ${formatBusinessDay(endDay)}`;
  const intro = `L'archive fiscale ${KIND_LABEL[kind]} de ${companyName} ${span} est prête (${recordCount} enregistrements signés).`;
  const keep =
    'Conservez les trois fichiers ensemble : la clé .txt permet de vérifier que l’archive est intacte et authentique (bouton « Vérifier un fichier d’export fiscal » de la page Administration fiscale). Les liens sont valables 7 jours.';
  const guide = `Pour vérifier l’archive sans Comptoir, avec des outils standard (sha256sum, openssl ou Python), suivez le guide ${VERIFICATION_GUIDE_FILENAME} : il décrit les octets signés et publie la marche à suivre ; la clé .txt contient la clé publique du serveur et celles des caisses.`;
  const file = (lead: string, link: string, label: string): MailParagraph => ({
    text: `${lead}${link}`,
    html: `<a href="${escapeHtml(link)}">${escapeHtml(label)}</a>`,
  });
  return exportMail(`Archive fiscale ${KIND_LABEL[kind]} ${span}`, [
    intro,
    file('Archive (.csv) : ', links.csv, "Télécharger l'archive (.csv)"),
    file('Clé de vérification (.txt) : ', links.txt, 'Télécharger la clé de vérification (.txt)'),
    file(
      `Guide de vérification (${VERIFICATION_GUIDE_FILENAME}) : `,
      links.guide,
      `Télécharger le guide de vérification (${VERIFICATION_GUIDE_FILENAME})`,
    ),
    keep,
    guide,
  ]);
}
