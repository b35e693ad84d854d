import { parisDayOf } from '@comptoir/contracts';
import type { Insertable, Updateable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { ExportRow, ExportTable } from '../../db/schema/backoffice';
import { notifyAccount, type AccountNotice } from '../account-notices';
import { openStorageStream, type FileStorage, type StorageStream } from '../files';
import { JET_EVENTS, recordJetEvent } from '../jet';
import type { JobRunner } from '../job-runner';
import type { JobRow } from '../jobs';
import type { Mailer, MailMessage, MailResult } from '../mail';
import type { ServerKey } from '../server-key';
import { exportSpan, lineCount } from './export-mail';
import { findExport, insertExport, updateExport } from './exports.repository';

/**
 * The life of a mailed export (the data, customer-account and accounting exports, the fiscal
 * archives): its `exports` row, queued with its job in the caller's transaction, then running, done
 * (or the worker's own end status) or, after the last attempt, failed; its file, its mail
 * (`export-mail.ts` writes it) and its notification.
 */

const exportJobPayload = z.object({ exportId: z.uuid() });

/**
 * Records the export and queues its job in the caller's transaction; the caller wakes the job worker
 * once the transaction has committed.
 */
export async function queueExport(
  trx: Db,
  jobs: JobRunner,
  queue: string,
  values: Insertable<ExportTable>,
): Promise<{ exportId: string }> {
  const exported = await insertExport(trx, values);
  const job = await jobs.enqueue(queue, { exportId: exported.id }, { accountId: values.account_id, db: trx });
  await updateExport(trx, exported.id, { job_id: job.id });
  return { exportId: exported.id };
}

export interface ExportJobSteps<Done, Result> {
  /** The answer of a retry whose work was already done (the worker died before completing its job). */
  alreadyDone(exported: ExportRow): Promise<Done | undefined> | Done | undefined;
  /** The work itself: writes the file, records what it must, mails the requester. */
  work(exported: ExportRow): Promise<Result>;
  /** What the row keeps of the result (status `done` unless it names another). */
  finished?(result: Result): Updateable<ExportTable>;
  /** What else is recorded in the transaction that ends the row (a JET event). */
  record?(trx: Db, exported: ExportRow, result: Result): Promise<unknown>;
  /**
   * What follows the commit of the done row: a mail that must only announce what the commit fixed
   * (entry numbers). Its failure is kept as the row's error; the row stays done, its file listed.
   */
  afterDone?(exported: ExportRow, result: Result): Promise<unknown>;
  /**
   * What the requester's notification centre says once the job has ended: written in the
   * transaction that ends the row (or fails it after the last attempt), so once per job.
   */
  notice: {
    done(trx: Db, exported: ExportRow, result: Result): AccountNotice | Promise<AccountNotice>;
    failed(exported: ExportRow): AccountNotice;
  };
}

/** Runs an export's job: the row goes running, then done with the result, or back to queued / failed. */
export async function runExportJob<Done, Result>(
  db: Db,
  job: JobRow,
  steps: ExportJobSteps<Done, Result>,
): Promise<Done | Result> {
  const { exportId } = exportJobPayload.parse(job.payload);
  const exported = await findExport(db, exportId);
  if (!exported) throw new Error(`export ${exportId} not found`);
  const done = await steps.alreadyDone(exported);
  if (done !== undefined) return done;
  await updateExport(db, exportId, { status: 'running', error: null });
  try {
    const result = await steps.work(exported);
    await db.transaction().execute(async (trx) => {
      await updateExport(trx, exportId, {
        status: 'done',
        ...steps.finished?.(result),
        error: null,
        finished_at: new Date(),
      });
      await steps.record?.(trx, exported, result);
      await notifyAccount(trx, exported.account_id, await steps.notice.done(trx, exported, result));
    });
    if (steps.afterDone) {
      await steps.afterDone(exported, result).catch((err: unknown) =>
        updateExport(db, exportId, {
          error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
        }),
      );
    }
    return result;
  } catch (err) {
    const isLastAttempt = job.attempts >= job.max_attempts;
    await db.transaction().execute(async (trx) => {
      await updateExport(trx, exportId, {
        status: isLastAttempt ? 'failed' : 'queued',
        error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
        ...(isLastAttempt ? { finished_at: new Date() } : {}),
      });
      if (isLastAttempt) await notifyAccount(trx, exported.account_id, steps.notice.failed(exported));
    });
    throw err;
  }
}

/** Keeps the stored file and its row count on the export (in the caller's transaction). */
export async function recordExportFile(
  trx: Db,
  exportId: string,
  file: { fileKey: string; rowCount: number },
): Promise<void> {
  await updateExport(trx, exportId, { file_key: file.fileKey, row_count: file.rowCount });
}

/**
 * Mails the export to its requester and keeps the mail on the row (`mail_id`), whose status the
 * export's list shows; a failed delivery is the outbox's to try again, not the export's. Throws when
 * the row has no address.
 */
export async function mailExport(
  deps: { db: Db; mailer: Mailer },
  exported: ExportRow,
  mail: Omit<MailMessage, 'to' | 'accountId'>,
): Promise<MailResult> {
  if (!exported.email) throw new Error(`export ${exported.id} has no e-mail address`);
  const sent = await deps.mailer.send({ to: exported.email, accountId: exported.account_id, ...mail });
  await updateExport(deps.db, exported.id, { mail_id: sent.id });
  return sent;
}

/** What a spreadsheet export (the data exports, the customer-account exports) ends as. */
export interface SpreadsheetExportResult {
  exportId: string;
  status: 'done' | 'empty';
  rowCount: number;
  fileKey: string | null;
  mail: MailResult['status'];
}

/**
 * Runs a spreadsheet export's job: a retry of a finished one answers its status, the row keeps the
 * result, and (NF525) every export the server produces is traced in the account's journal (40).
 */
export function runSpreadsheetExportJob(
  db: Db,
  serverKey: ServerKey,
  job: JobRow,
  work: (exported: ExportRow) => Promise<SpreadsheetExportResult>,
  notice: ExportJobSteps<unknown, SpreadsheetExportResult>['notice'],
): Promise<SpreadsheetExportResult | { exportId: string; status: string }> {
  return runExportJob(db, job, {
    notice,
    alreadyDone: (exported) =>
      exported.status === 'done' || exported.status === 'empty'
        ? { exportId: exported.id, status: exported.status }
        : undefined,
    work,
    finished: (result) => ({ status: result.status, row_count: result.rowCount, file_key: result.fileKey }),
    record: (trx, exported, result) =>
      recordJetEvent(trx, serverKey, {
        ...JET_EVENTS.dataExport,
        accountId: exported.account_id,
        userId: exported.requested_by,
        details: {
          exportId: exported.id,
          kind: exported.kind,
          startDay: parisDayOf(exported.period_start),
          endDay: parisDayOf(exported.period_end),
          status: result.status,
          rowCount: result.rowCount,
        },
      }),
  });
}

/** Streams a file into the storage under `fileKey` (aborted on error); returns `write`'s row count. */
export async function writeExportFile(
  files: FileStorage,
  fileKey: string,
  write: (file: StorageStream) => Promise<number>,
): Promise<number> {
  const file = openStorageStream(files, fileKey);
  try {
    return await write(file);
  } catch (err) {
    await file.abort(err);
    throw err;
  }
}

/**
 * Mails a written spreadsheet export with its file attached; an empty one (no row) has its file
 * removed and goes without attachment (its mail says so).
 */
export async function mailSpreadsheetExport(
  deps: { db: Db; files: FileStorage; mailer: Mailer },
  exported: ExportRow,
  file: { fileKey: string; rowCount: number; filename: string },
  mail: Omit<MailMessage, 'to' | 'accountId' | 'attachments'>,
): Promise<SpreadsheetExportResult> {
  const isEmpty = file.rowCount === 0;
  if (isEmpty) await deps.files.remove(file.fileKey);
  const sent = await mailExport(deps, exported, {
    ...mail,
    attachments: isEmpty ? [] : [{ filename: file.filename, key: file.fileKey }],
  });
  return {
    exportId: exported.id,
    status: isEmpty ? 'empty' : 'done',
    rowCount: file.rowCount,
    fileKey: isEmpty ? null : file.fileKey,
    mail: sent.status,
  };
}

/** The notification of a mailed spreadsheet export named `what` (« Export de tous les comptes clients »). */
export function spreadsheetExportNotice(
  what: string,
): ExportJobSteps<unknown, SpreadsheetExportResult>['notice'] {
  return {
    done: (_trx, exported, result) => ({
      type: 'success',
      text:
        result.status === 'empty'
          ? `${what} ${exportSpan(exported)} : aucune donnée sur la période.`
          : `${what} ${exportSpan(exported)} terminé (${lineCount(result.rowCount)}) : envoyé à ${exported.email ?? ''}.`,
    }),
    failed: (exported) => ({
      type: 'error',
      text: `${what} ${exportSpan(exported)} a échoué. Veuillez réessayer ou contacter le support.`,
    }),
  };
}
