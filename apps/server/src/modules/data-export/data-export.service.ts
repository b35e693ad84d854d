import {
  isValidExportEmail,
  type ProductLinesExportAccepted,
  type ProductLinesExportQuery,
  parisDayOf,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportRow } from '../../db/schema/backoffice';
import type { FileStorage } from '../../platform/files';
import type { JobRunner } from '../../platform/job-runner';
import type { JobContext, JobRow } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { resolveExportPeriod } from './data-export.dates';
import { dataExportError } from './data-export.errors';
import {
  mailSpreadsheetExport,
  queueExport,
  runSpreadsheetExportJob,
  spreadsheetExportNotice,
  writeExportFile,
  type SpreadsheetExportResult,
} from '../../platform/mailed-export/mailed-export';
import { companyNames, productLineBatches, type PeriodScope } from './data-export.repository';
import { productLinesExportFilename, productLinesExportMail } from './product-lines.mail';
import { createProductLinesWorkbook } from './product-lines.workbook';

export const PRODUCT_LINES_EXPORT_QUEUE = 'data-export.payment-product-lines';
/** Spec 1 §3: the group that turns the payment-products export on. */
export const PRODUCT_LINES_EXPORT_GROUP = 'export_product_lines';

/**
 * Checks the request (spec 1 §5), records the export and queues its job in the caller's transaction.
 * The caller wakes the job worker once the transaction has committed.
 */
export async function requestProductLinesExport(
  trx: Db,
  jobs: JobRunner,
  ctx: RequestContext,
  query: ProductLinesExportQuery,
): Promise<ProductLinesExportAccepted> {
  if (!ctx.groups.includes(PRODUCT_LINES_EXPORT_GROUP)) throw dataExportError('FEATURE_DISABLED');
  if (!isValidExportEmail(query.email)) throw dataExportError('INVALID_EMAIL');
  const period = resolveExportPeriod(query.startDate, query.endDate);
  const { exportId } = await queueExport(trx, jobs, PRODUCT_LINES_EXPORT_QUEUE, {
    account_id: ctx.accountId,
    company_ids: JSON.stringify(ctx.companyIds),
    kind: 'payment_product_lines',
    requested_by: ctx.userId,
    email: query.email,
    period_start: period.start,
    period_end: period.end,
  });
  return { exportId, status: 'queued' };
}

export interface ProductLinesExportDeps {
  db: Db;
  serverKey: ServerKey;
  files: FileStorage;
  mailer: Mailer;
}

export type ProductLinesExportResult = SpreadsheetExportResult;

/**
 * The job: writes the period's payment product lines to an XLSX file in the file storage and mails
 * it; an empty period gets a mail saying so. The exports row follows (running, done, empty, failed).
 */
export function runProductLinesExport(
  deps: ProductLinesExportDeps,
  job: JobRow,
  jobCtx: JobContext,
): Promise<ProductLinesExportResult | { exportId: string; status: string }> {
  return runSpreadsheetExportJob(
    deps.db,
    deps.serverKey,
    job,
    (exported) => exportAndMail(deps, exported, jobCtx),
    spreadsheetExportNotice('Export des lignes produits de paiement'),
  );
}

async function exportAndMail(
  deps: ProductLinesExportDeps,
  exported: ExportRow,
  jobCtx: JobContext,
): Promise<ProductLinesExportResult> {
  if (!exported.email) throw new Error(`export ${exported.id} has no e-mail address`);
  const scope: PeriodScope = {
    companyIds: exported.company_ids,
    start: exported.period_start,
    end: exported.period_end,
    startDay: parisDayOf(exported.period_start),
    endDay: parisDayOf(exported.period_end),
  };
  const fileKey = `exports/payment-product-lines/${exported.id}.xlsx`;
  const rowCount = await writeWorkbook(deps, scope, fileKey, jobCtx);
  return mailSpreadsheetExport(
    deps,
    exported,
    { fileKey, rowCount, filename: productLinesExportFilename(scope.startDay, scope.endDay) },
    productLinesExportMail(scope, rowCount),
  );
}

/** Streams the rows into the file storage a business day at a time; returns the number of rows. */
async function writeWorkbook(
  deps: ProductLinesExportDeps,
  scope: PeriodScope,
  fileKey: string,
  jobCtx: JobContext,
): Promise<number> {
  const names = await companyNames(deps.db, scope.companyIds);
  return writeExportFile(deps.files, fileKey, async (file) => {
    const workbook = createProductLinesWorkbook(file.output, names);
    let rowCount = 0;
    for await (const batch of productLineBatches(deps.db, scope)) {
      file.throwIfFailed();
      if (jobCtx.signal.aborted) throw new Error('export interrupted: the server is stopping');
      workbook.addRows(batch.rows);
      rowCount += batch.rows.length;
      await jobCtx.reportProgress((batch.daysDone / batch.days) * 95);
    }
    await Promise.all([workbook.finish(), file.stored]);
    return rowCount;
  });
}
