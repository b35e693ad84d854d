import crypto from 'node:crypto';
import {
  accountingExportFileName,
  isAccountingCsv,
  formatBusinessDay,
  type FecRow,
  parisDayOf,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportRow } from '../../db/schema/backoffice';
import type { Config } from '../../platform/config';
import type { FileStorage } from '../../platform/files';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { JobContext, JobRow } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { ServerKey } from '../../platform/server-key';
import {
  exportMail,
  exportSpan,
  formatPeriodBound,
  lineCount,
  linkParagraph,
  type MailParagraph,
} from '../../platform/mailed-export/export-mail';
import { mailExport, runExportJob, writeExportFile } from '../../platform/mailed-export/mailed-export';
import * as repo from './accounting-export.repository';
import { bookedRows, FEC_DEFAULT_ACCOUNTS, type ExportContext } from './fec-entries';
import { analyticsText, encodeAccountingText, FecFileFacts, fecDescription } from './fec-file';
import { DAYS_PER_QUERY, compactDay, fileCharset, streamAccountingFile } from './accounting-export.file';
import {
  accountingExportLink,
  assertAccountNumbers,
  paramsOf,
  type ExportParams,
} from './accounting-export.service';

/**
 * The export's job: writes the file (`accounting-export.file.ts`) and the FEC's description, records
 * what a FEC booked, advances the entry counter, then mails the links.
 */

export interface AccountingExportDeps {
  db: Db;
  config: Config;
  serverKey: ServerKey;
  files: FileStorage;
  mailer: Mailer;
}

interface WrittenExport {
  exportId: string;
  status: 'done';
  /** None when the export had nothing to write: no file is kept (issue 30, defect 9). */
  fileKey: string | null;
  params: ExportParams;
}

/**
 * The job: numbers the period's entries from the counter and streams them to the file a day at a
 * time, writes the FEC's description beside it; the transaction that ends the row advances the
 * counter (if it still reads where the numbering started: else the job runs again); then the links
 * are mailed, so a mail never announces numbers that a renumbering replaced.
 */
export function runAccountingExport(deps: AccountingExportDeps, job: JobRow, jobCtx: JobContext) {
  return runExportJob<{ exportId: string; status: string }, WrittenExport>(deps.db, job, {
    alreadyDone: (exported) =>
      exported.status === 'done' ? { exportId: exported.id, status: exported.status } : undefined,
    work: (exported) => writeAccountingExport(deps, exported, jobCtx),
    finished: (result) => ({
      file_key: result.fileKey,
      row_count: result.params.lines ?? 0,
      params: JSON.stringify(result.params),
    }),
    record: async (trx, exported, result) => {
      const company = { id: exported.company_ids[0]!, accountId: exported.account_id };
      const advanced = await repo.advanceCounter(
        trx,
        company,
        result.params.counterFrom!,
        result.params.counterTo!,
      );
      if (!advanced) throw new Error('the entry counter moved during the export: numbering again');
      await recordJetEvent(trx, deps.serverKey, {
        ...JET_EVENTS.dataExport,
        accountId: exported.account_id,
        companyId: company.id,
        userId: exported.requested_by,
        details: {
          exportId: exported.id,
          kind: exported.kind,
          startDay: parisDayOf(exported.period_start),
          endDay: parisDayOf(exported.period_end),
          status: 'done',
          rowCount: result.params.lines ?? 0,
          sha256: result.params.sha256 ?? '',
          firstEcritureNum: result.params.firstEcritureNum ?? null,
          lastEcritureNum: result.params.lastEcritureNum ?? null,
        },
      });
    },
    afterDone: async (exported, result) => {
      const company = await repo.findCompany(deps.db, exported.company_ids[0]!);
      await mailExport(
        deps,
        exported,
        accountingExportMail(deps.config, exported, company?.name ?? '', result.params),
      );
    },
    notice: {
      done: async (trx, exported, result) => {
        const company = await repo.findCompany(trx, exported.company_ids[0]!);
        const what = `${accountingExportName(result.params.format)} de ${company?.name ?? ''} ${exportSpan(exported)}`;
        return {
          type: 'success',
          text:
            result.params.lines === 0
              ? `${what} : aucune écriture nouvelle.`
              : `${what} prêt (${lineCount(result.params.lines ?? 0)}) : le lien est envoyé à ${exported.email ?? ''}.`,
        };
      },
      failed: (exported) => ({
        type: 'error',
        text: `${accountingExportName(paramsOf(exported).format)} ${exportSpan(exported)} a échoué. Veuillez réessayer ou contacter le support.`,
      }),
    },
  });
}

function accountingExportName(format: ExportParams['format']): string {
  return format === 'fec'
    ? 'Le fichier des écritures comptables (FEC)'
    : format === 'csv_fr'
      ? "L'export comptable (CSV point-virgule, pour un tableur français)"
      : "L'export comptable (CSV)";
}

async function writeAccountingExport(
  deps: AccountingExportDeps,
  exported: ExportRow,
  jobCtx: JobContext,
  now = new Date(),
): Promise<WrittenExport> {
  const params = paramsOf(exported);
  const companyId = exported.company_ids[0]!;
  const company = await repo.findCompany(deps.db, companyId);
  if (!company) throw new Error(`company ${companyId} not found`);
  const setup = await repo.loadAccountingSetup(deps.db, companyId);
  // The chart may have changed since the request: a file never carries a number the rule refuses.
  assertAccountNumbers(setup);
  const period = { startDay: parisDayOf(exported.period_start), endDay: parisDayOf(exported.period_end) };
  const context: ExportContext = {
    companyName: company.name,
    mode: params.mode,
    exportDay: compactDay(parisDayOf(now)),
  };
  const counterFrom = await repo.readCounter(deps.db, companyId);
  const extension = params.format === 'fec' ? 'txt' : 'csv';
  const fileKey = `exports/accounting/${exported.id}.${extension}`;
  let streamed: Awaited<ReturnType<typeof streamAccountingFile>> = {
    lines: 0,
    next: counterFrom,
    numbers: null,
    fresh: false,
  };
  const hash = crypto.createHash('sha256');
  // A FEC books: what it writes is recorded as it goes and counts once the export is done. A CSV
  // books nothing: it mirrors the booked entries and numbers the rest as the next FEC would.
  const books = params.format === 'fec';
  const recorded = { exportId: exported.id, accountId: exported.account_id, companyId };
  await repo.clearExportedDays(deps.db, exported.id);
  let pending: ({ day: string } & repo.BookedDay)[] = [];
  const flush = async () => {
    await repo.recordExportedDays(deps.db, recorded, pending);
    pending = [];
  };
  // In mode 2 the FEC's analytic sections go to a companion file (issue 30, defect 13).
  const analyticsRows: FecRow[] | null = books && params.mode === 2 ? [] : null;
  const recordDay = async (day: string, booked: repo.BookedDay) => {
    pending.push({ day, ...booked });
    if (analyticsRows && booked.firstNum !== null && booked.header) {
      analyticsRows.push(...bookedRows(day, { ...booked, firstNum: booked.firstNum }, booked.header));
    }
    if (pending.length >= DAYS_PER_QUERY) await flush();
  };
  // What the FEC's description states about the file, read as it is written.
  const facts = books ? new FecFileFacts() : null;
  const charset = fileCharset(setup);
  await writeExportFile(deps.files, fileKey, async (file) => {
    streamed = await streamAccountingFile(
      {
        db: deps.db,
        files: deps.files,
        company,
        period,
        setup,
        context,
        format: params.format,
        next: counterFrom,
        ledger: books ? 'book' : 'mirror',
        ...(books ? { recordDay } : {}),
      },
      async (piece) => {
        file.throwIfFailed();
        if (jobCtx.signal.aborted) throw new Error('export interrupted: the server is stopping');
        facts?.read(piece);
        // Pieces hold whole days: re-encoding one never splits a character.
        const bytes = charset === 'latin9' ? encodeAccountingText(piece.toString('utf8'), charset) : piece;
        hash.update(bytes);
        if (!file.output.write(bytes)) await new Promise((resolve) => file.output.once('drain', resolve));
      },
      (daysDone, days) => jobCtx.reportProgress((daysDone / days) * 95),
    );
    await flush();
    file.output.end();
    await file.stored;
    return streamed.lines;
  });
  const { lines } = streamed;
  // A CSV leaves the counter where it was.
  const counterTo = books ? streamed.next : counterFrom;
  const sha256 = hash.digest('hex');
  const fileName =
    params.exportNumber === undefined
      ? params.fileName
      : accountingExportFileName({
          format: params.format,
          company,
          startDay: period.startDay,
          endDay: period.endDay,
          exportNumber: params.exportNumber,
          entries: streamed.numbers && { ...streamed.numbers, correctionsOnly: !streamed.fresh },
        });
  if (lines === 0) {
    // Nothing new: no file, and the mail and the page say so.
    await deps.files.remove(fileKey);
    await jobCtx.reportProgress(100);
    return {
      exportId: exported.id,
      status: 'done',
      fileKey: null,
      params: {
        ...params,
        firstEcritureNum: null,
        lastEcritureNum: null,
        lines: 0,
        counterFrom,
        counterTo,
        descriptionKey: null,
      },
    };
  }
  const written: ExportParams = {
    ...params,
    charset,
    fileName,
    firstEcritureNum: streamed.numbers?.first ?? null,
    lastEcritureNum: streamed.numbers?.last ?? null,
    sha256,
    lines,
    counterFrom,
    counterTo,
    descriptionKey: null,
  };
  if (params.format === 'fec') {
    const descriptionKey = `exports/accounting/${exported.id}-description.txt`;
    await deps.files.put(
      descriptionKey,
      fecDescription({
        fileName,
        companyName: company.name,
        siren: fileName.split('FEC')[0] ?? '',
        startDay: period.startDay,
        endDay: period.endDay,
        mode: params.mode,
        journal: setup.keys.account_vat_journal || FEC_DEFAULT_ACCOUNTS.journal,
        journalLib: setup.keys.account_vat_journallib || FEC_DEFAULT_ACCOUNTS.journalLib,
        lines,
        firstEcritureNum: written.firstEcritureNum ?? null,
        lastEcritureNum: written.lastEcritureNum ?? null,
        sha256,
        charset,
        ...(facts ? { facts } : {}),
      }),
    );
    written.descriptionKey = descriptionKey;
    if (analyticsRows && analyticsRows.length > 0) {
      const analyticsKey = `exports/accounting/${exported.id}-analytique.csv`;
      await deps.files.put(analyticsKey, encodeAccountingText(analyticsText(analyticsRows), charset));
      written.analyticsKey = analyticsKey;
    }
  }
  await jobCtx.reportProgress(100);
  return { exportId: exported.id, status: 'done', fileKey, params: written };
}

function accountingExportMail(
  config: Config,
  exported: ExportRow,
  companyName: string,
  params: ExportParams,
) {
  // Whole business days (a period with hours was taken as the days that hold them).
  const span = `du ${formatPeriodBound(exported.period_start, 'start')} au ${formatPeriodBound(exported.period_end, 'end')}`;
  const what = accountingExportName(params.format);
  const fileLink = accountingExportLink(config, exported.id, 'file');
  const descriptionLink =
    params.format === 'fec' ? accountingExportLink(config, exported.id, 'description') : null;
  const numbers =
    params.firstEcritureNum != null
      ? `, écritures ${params.firstEcritureNum} à ${params.lastEcritureNum}`
      : '';
  const empty = params.lines === 0;
  // Closed days only (issue 30, defect 7): what was left open, and what this export takes back.
  const days = [
    ...(params.resumedFrom
      ? [
          `Cet export commence au ${formatBusinessDay(params.resumedFrom)} : il reprend les journées qu'un export précédent avait laissées parce qu'elles n'étaient pas encore clôturées.`,
        ]
      : []),
    ...(params.openFrom
      ? [
          `Les journées du ${formatBusinessDay(params.openFrom)} au ${formatBusinessDay(params.askedEnd ?? params.openFrom)} ne sont pas encore clôturées (ticket Z) : elles ne figurent pas dans ce fichier et seront reprises au prochain export.`,
        ]
      : []),
  ];
  const paragraphs: MailParagraph[] = empty
    ? [
        `${what} de ${companyName} ${span} : aucune écriture nouvelle.`,
        "Les journées de la période avaient déjà été exportées et rien n'a changé depuis : aucun fichier n'a été écrit, il n'y a rien à importer.",
        ...days,
      ]
    : [
        `${what} de ${companyName} ${span} est prêt (${lineCount(params.lines ?? 0)}${numbers}).`,
        'La période compte des journées commerciales entières, sans découpe à l’heure.',
        ...days,
        `Fichier : ${params.fileName}`,
        ...(isAccountingCsv(params.format)
          ? [
              'Ce CSV présente toutes les écritures de la période : celles que les FEC ont enregistrées, avec leurs numéros, puis celles que le prochain FEC enregistrera, numérotées comme il les numérotera. Il ne consomme aucun numéro et ne marque aucune journée comme exportée.',
            ]
          : params.reexport
            ? [
                "Les journées déjà exportées n'y figurent que par leurs écritures de correction (libellé « Correction — … »), numérotées à la suite : les écritures déjà exportées ne changent pas.",
              ]
            : []),
        linkParagraph('Téléchargement (lien valable 7 jours) : ', fileLink),
        ...(descriptionLink ? [linkParagraph('Description du fichier : ', descriptionLink)] : []),
        `Empreinte SHA-256 : ${params.sha256}`,
      ];
  return exportMail(
    `${what} de ${companyName} ${span}${empty ? ' : aucune écriture nouvelle' : ''}`,
    paragraphs,
  );
}
