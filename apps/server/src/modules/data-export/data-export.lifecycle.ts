import type { Insertable, Updateable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { ExportRow, ExportTable } from '../../db/schema/backoffice';
import type { JobRunner } from '../../platform/job-runner';
import type { JobRow } from '../../platform/jobs';
import type { Mailer, MailMessage, MailResult } from '../../platform/mail';
import { findExport, insertExport, updateExport } from './data-export.repository';

/**
 * The life of a mailed export (the data exports and the fiscal archives): its `exports` row, queued
 * with its job in the caller's transaction, then running, done (or the worker's own end status) or,
 * after the last attempt, failed.
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
    });
    return result;
  } catch (err) {
    const isLastAttempt = job.attempts >= job.max_attempts;
    await updateExport(db, exportId, {
      status: isLastAttempt ? 'failed' : 'queued',
      error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
      ...(isLastAttempt ? { finished_at: new Date() } : {}),
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

/** Mails the export to its requester; throws when the row has no address or the mail failed. */
export async function mailExport(
  mailer: Mailer,
  exported: ExportRow,
  mail: Omit<MailMessage, 'to' | 'accountId'>,
): Promise<MailResult> {
  if (!exported.email) throw new Error(`export ${exported.id} has no e-mail address`);
  const sent = await mailer.send({ to: exported.email, accountId: exported.account_id, ...mail });
  if (sent.status === 'failed') {
    throw new Error(`the e-mail was not delivered: ${sent.error ?? 'unknown error'}`);
  }
  return sent;
}
