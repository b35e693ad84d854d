import { z } from 'zod';
import type { salesLinesExportBody, salesLinesQuery } from '@comptoir/contracts';
import {
  isValidExportEmail,
  salesLinesFormat,
  SALES_LINES_ACTIVITY_TYPES,
  SALES_LINES_ANSWER_MAX,
  SALES_LINES_PREVIEW_LIMIT,
  type ActivityType,
  type SalesLine,
  type SalesLinesExportProgress,
  type SalesLinesExportResponse,
  type SalesLinesResponse,
  parisDayOf,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportRow } from '../../db/schema/backoffice';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { readEstablishmentIds } from '../../platform/establishment-ids';
import type { FileStorage } from '../../platform/files';
import type { JobRunner } from '../../platform/job-runner';
import type { JobContext, JobRow } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { resolveExportPeriod, type ExportPeriod } from './data-export.dates';
import {
  mailExport,
  queueExport,
  runSpreadsheetExportJob,
  writeExportFile,
  type SpreadsheetExportResult,
} from '../../platform/mailed-export/mailed-export';
import { companyNames } from './data-export.repository';
import { salesLinesError } from './sales-lines.errors';
import { createSalesLinesFile, salesLinesExtension } from './sales-lines.file';
import { salesLinesLink } from './sales-lines.link';
import { SALES_LINES_EXPORT_FAILED, salesLinesExportMail, salesLinesExportNotice } from './sales-lines.mail';
import {
  countSalesLines,
  findSalesLinesExport,
  salesLineChunks,
  SALES_LINES_CHUNK,
  type SalesLineRow,
  type SalesLinesScope,
} from './sales-lines.repository';
import { exportProgressOf } from '../../platform/mailed-export/export-progress';

export const SALES_LINES_EXPORT_QUEUE = 'data-export.sales-lines';

const activityList = z.array(z.number().int()).max(10);

function jsonList<T>(value: string | T[], schema: z.ZodType<T[]>): T[] | null {
  if (Array.isArray(value)) return schema.safeParse(value).success ? value : null;
  try {
    const parsed = schema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The filters of both calls: the period (400s of the data export), readable establishments, activity types. */
export function resolveSalesLinesScope(
  ctx: RequestContext,
  query: Pick<
    z.output<typeof salesLinesQuery>,
    'opening_date' | 'closing_date' | 'idCompanies' | 'orderTypeAway'
  >,
): { scope: SalesLinesScope; period: ExportPeriod } {
  let period: ExportPeriod;
  try {
    period = resolveExportPeriod(query.opening_date, query.closing_date);
  } catch (err) {
    // The same codes as the data export's, answered from this slice's catalogue.
    if (err instanceof AppError) throw salesLinesError(err.code as 'INVALID_DATE');
    throw err;
  }
  const companyIds = readEstablishmentIds(query.idCompanies);
  if (!companyIds) throw salesLinesError('INVALID_COMPANY_LIST');
  if (companyIds.some((id) => !ctx.companyIds.includes(id))) throw salesLinesError('COMPANY_NOT_FOUND');
  const activities = jsonList(query.orderTypeAway, activityList);
  if (!activities || activities.some((type) => !SALES_LINES_ACTIVITY_TYPES.includes(type as ActivityType))) {
    throw salesLinesError('INVALID_ACTIVITY_TYPES');
  }
  return {
    period,
    scope: {
      // An empty list is every readable establishment, every activity type.
      companyIds: companyIds.length > 0 ? [...new Set(companyIds)] : [...ctx.companyIds],
      activityTypes:
        activities.length > 0 ? [...new Set(activities as ActivityType[])] : [...SALES_LINES_ACTIVITY_TYPES],
      startDay: period.startDay,
      endDay: period.endDay,
    },
  };
}

export function toSalesLine(row: SalesLineRow, names: ReadonlyMap<string, string>): SalesLine {
  return {
    companyName: names.get(row.companyId) ?? '',
    lineId: row.lineId,
    soldAt: row.soldAt.toISOString(),
    productType: row.productType,
    productId: row.productId,
    productName: row.productName,
    amountEvat: row.amountEvat,
    amountTax: row.amountTax,
    amountIvat: row.amountIvat,
    parentId: row.parentId,
    roomId: row.roomId,
    roomName: row.roomName,
  };
}

/**
 * `POST dataExport/getOrderLines`: with `limit`, the first SALES_LINES_PREVIEW_LIMIT lines in sale
 * order; without, up to SALES_LINES_ANSWER_MAX (a client's call; a long period goes by mail instead).
 * `total` counts every line, so a cut answer says so.
 */
export async function salesLinesPreview(
  db: Db,
  ctx: RequestContext,
  body: z.output<typeof salesLinesQuery>,
): Promise<SalesLinesResponse> {
  const { scope } = resolveSalesLinesScope(ctx, body);
  const names = await companyNames(db, [...scope.companyIds]);
  const max = body.limit ? SALES_LINES_PREVIEW_LIMIT : SALES_LINES_ANSWER_MAX;
  const lines: SalesLine[] = [];
  for await (const chunk of salesLineChunks(db, scope, Math.min(SALES_LINES_CHUNK, max + 1))) {
    for (const row of chunk.rows) lines.push(toSalesLine(row, names));
    if (lines.length > max) break;
  }
  const isCut = lines.length > max;
  const total = isCut ? await countSalesLines(db, scope) : lines.length;
  return [{ success: true, data: lines.slice(0, max), total }];
}

const exportParams = z.object({
  activityTypes: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  format: salesLinesFormat,
});

/** `POST dataExport/exportData`: records the export and queues its job in the caller's transaction. */
export async function requestSalesLinesExport(
  trx: Db,
  jobs: JobRunner,
  ctx: RequestContext,
  body: z.output<typeof salesLinesExportBody>,
): Promise<SalesLinesExportResponse> {
  const { scope, period } = resolveSalesLinesScope(ctx, body);
  if (!isValidExportEmail(body.email)) throw salesLinesError('INVALID_EMAIL');
  const { exportId } = await queueExport(trx, jobs, SALES_LINES_EXPORT_QUEUE, {
    account_id: ctx.accountId,
    company_ids: JSON.stringify(scope.companyIds),
    kind: 'sales_lines',
    requested_by: ctx.userId,
    email: body.email.trim(),
    period_start: period.start,
    period_end: period.end,
    params: JSON.stringify({ activityTypes: scope.activityTypes, format: body.format }),
  });
  return [{ success: true, message: 'exportProcessing', exportId }];
}

/** `GET dataExport/exports/{exportId}`: the caller's export, its status and its job's progress. */
export async function salesLinesExportProgress(
  db: Db,
  ctx: RequestContext,
  exportId: string,
): Promise<SalesLinesExportProgress> {
  const found = await findSalesLinesExport(db, ctx.accountId, exportId);
  if (!found) throw salesLinesError('EXPORT_NOT_FOUND');
  const isFinished = found.status === 'done' || found.status === 'empty';
  const progress = (await exportProgressOf(db, [found.id])).get(found.id);
  return {
    exportId: found.id,
    status: progress?.isInterrupted ? 'interrupted' : found.status,
    mail: progress?.mail ?? null,
    progress: isFinished ? 100 : Math.max(0, Math.min(100, found.progress ?? 0)),
    rowCount: found.row_count,
  };
}

export interface SalesLinesExportDeps {
  db: Db;
  serverKey: ServerKey;
  files: FileStorage;
  mailer: Mailer;
  config: Config;
}

/**
 * The job: streams the lines into an XLSX or CSV file in the storage, a chunk at a time, reporting
 * its progress; mails the signed download link (or that the period is empty); the notification
 * comes with the row's end. The exports row follows as for the other data exports (JET 40 included).
 */
export async function runSalesLinesExport(
  deps: SalesLinesExportDeps,
  job: JobRow,
  jobCtx: JobContext,
): Promise<SpreadsheetExportResult | { exportId: string; status: string }> {
  return runSpreadsheetExportJob(
    deps.db,
    deps.serverKey,
    job,
    (exported) => exportAndMail(deps, exported, jobCtx),
    {
      done: (_trx, exported, result) => ({
        type: 'success',
        text: salesLinesExportNotice(resolveExportPeriodOf(exported), exported.email ?? '', result.rowCount),
      }),
      failed: () => ({ type: 'error', text: SALES_LINES_EXPORT_FAILED }),
    },
  );
}

async function exportAndMail(
  deps: SalesLinesExportDeps,
  exported: ExportRow,
  jobCtx: JobContext,
): Promise<SpreadsheetExportResult> {
  if (!exported.email) throw new Error(`export ${exported.id} has no e-mail address`);
  const params = exportParams.parse(exported.params);
  const period = resolveExportPeriodOf(exported);
  const scope: SalesLinesScope = {
    companyIds: exported.company_ids,
    activityTypes: params.activityTypes,
    startDay: period.startDay,
    endDay: period.endDay,
  };
  const fileKey = `exports/sales-lines/${exported.id}.${salesLinesExtension(params.format)}`;
  const names = await companyNames(deps.db, exported.company_ids);
  const rowCount = await writeExportFile(deps.files, fileKey, async (file) => {
    const writer = createSalesLinesFile(file.output, params.format, names);
    let count = 0;
    for await (const chunk of salesLineChunks(deps.db, scope)) {
      file.throwIfFailed();
      if (jobCtx.signal.aborted) throw new Error('export interrupted: the server is stopping');
      await writer.addRows(chunk.rows);
      count += chunk.rows.length;
      await jobCtx.reportProgress((chunk.daysDone / chunk.days) * 95);
    }
    await Promise.all([writer.finish(), file.stored]);
    return count;
  });
  const isEmpty = rowCount === 0;
  if (isEmpty) await deps.files.remove(fileKey);
  const link = isEmpty ? null : salesLinesLink(deps.config, exported.id);
  const sent = await mailExport(deps, exported, salesLinesExportMail(period, rowCount, link));
  return {
    exportId: exported.id,
    status: isEmpty ? 'empty' : 'done',
    rowCount,
    fileKey: isEmpty ? null : fileKey,
    mail: sent.status,
  };
}

function resolveExportPeriodOf(exported: ExportRow): ExportPeriod {
  const start = new Date(exported.period_start);
  const end = new Date(exported.period_end);
  return { start, end, startDay: parisDayOf(start), endDay: parisDayOf(end) };
}
