// Over 400 lines: the routes' one service (scope, preview, request, list, downloads, links); the file and the job are split out.
import {
  ACCOUNTING_EXPORT_DEFAULT_MODE,
  ACCOUNTING_PREVIEW_LIMIT,
  accountingExportFileName,
  analyticsFileName,
  isValidExportEmail,
  type AccountingCharset,
  type AccountingExportAccepted,
  type AccountingExportBody,
  type AccountingExportFormat,
  type AccountingExportMode,
  type AccountingExportRecord,
  type AccountingExportableResponse,
  type AccountingPeriodQuery,
  type AccountingPreviewQuery,
  type AccountingPreviewResponse,
  type FecRow,
  addCalendarDays,
  parisDayOf,
  parseParisDateTime,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportRow } from '../../db/schema/backoffice';
import type { Config } from '../../platform/config';
import type { FileStorage } from '../../platform/files';
import type { JobRunner } from '../../platform/job-runner';
import type { RequestContext } from '../../platform/request-context';
import { assertCompanyReadable } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { readEstablishmentIds } from '../../platform/establishment-ids';
import { signedLink } from '../../platform/signed-link';
import { exportProgressOf } from '../../platform/mailed-export/export-progress';
import { queueExport } from '../../platform/mailed-export/mailed-export';
import { resolveExportPeriod } from '../data-export/data-export.dates';
import { firstOpenDay } from '../server-closures/server-closures.service';
import { accountingExportError } from './accounting-export.errors';
import * as repo from './accounting-export.repository';
import {
  AccountResolver,
  collectMissing,
  invalidAccountNumbers,
  missingItems,
  type AccountingSetup,
  type ExportContext,
} from './fec-entries';
import { descriptionFileName } from './fec-file';
import { compactDay, periodRows, periodText } from './accounting-export.file';

export const ACCOUNTING_EXPORT_QUEUE = 'accounting-export.fec';

/** Download links in the export mail stay valid this long. */
export const ACCOUNTING_LINK_TTL_SECONDS = 7 * 24 * 3600;

interface Scope {
  company: repo.CompanyIdentity;
  start: Date;
  end: Date;
  startDay: string;
  endDay: string;
}

/**
 * The one readable establishment of `idCompanies` (a JSON list or a bare id) and the period: whole
 * business days, whatever hours the dates carry (issue 30, defect 15): the days that hold them, from
 * the start of the first to the end of the last, as the file, the list and the mail say.
 */
async function resolveScope(db: Db, ctx: RequestContext, query: AccountingPeriodQuery): Promise<Scope> {
  const asked = resolveExportPeriod(query.opening_date, query.closing_date);
  const period = {
    ...asked,
    start: parseParisDateTime(`${asked.startDay} 00:00:00`)!,
    end: parseParisDateTime(`${asked.endDay} 23:59:59`)!,
  };
  const ids = readEstablishmentIds(query.idCompanies, { bareId: true });
  if (!ids || ids.length !== 1) throw accountingExportError('ACCOUNTING_ONE_COMPANY');
  return { company: await readableCompany(db, ctx, ids[0]!), ...period };
}

/** An establishment of the caller's account it may read; 403 COMPANY_FORBIDDEN otherwise. */
export async function readableCompany(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<repo.CompanyIdentity> {
  assertCompanyReadable(ctx, companyId);
  const company = await repo.findCompany(db, companyId);
  if (!company || company.accountId !== ctx.accountId) assertCompanyReadable(ctx, '');
  return company!;
}

/** `exportVat/isExportable`: what lacks an account over the period, by kind. */
export async function isExportable(
  db: Db,
  ctx: RequestContext,
  query: AccountingPeriodQuery,
): Promise<AccountingExportableResponse> {
  const scope = await resolveScope(db, ctx, query);
  return [{ result: await exportability(db, scope) }];
}

async function exportability(db: Db, scope: Scope) {
  const setup = await repo.loadAccountingSetup(db, scope.company.id);
  const figures = await repo.loadSpan(db, scope.company.id, scope.startDay, scope.endDay);
  const missing = {
    vat: new Map<string, string>(),
    sales: new Map<string, string>(),
    payments: new Map<string, string>(),
  };
  collectMissing(new AccountResolver(setup), figures, missing);
  const errors = {
    vat: missingItems(missing.vat),
    sales: missingItems(missing.sales),
    payments: missingItems(missing.payments),
  };
  return { ok: errors.vat.length + errors.sales.length + errors.payments.length === 0, errors };
}

const savedMode = (setup: AccountingSetup): AccountingExportMode =>
  setup.keys.account_vat_mode === '1'
    ? 1
    : setup.keys.account_vat_mode === '2'
      ? 2
      : ACCOUNTING_EXPORT_DEFAULT_MODE;

/** `exportVat/getExportDatas`: the period's lines numbered from the counter (provisional numbers). */
export async function previewExport(
  db: Db,
  ctx: RequestContext,
  query: AccountingPreviewQuery,
  files?: FileStorage,
  now = new Date(),
): Promise<AccountingPreviewResponse> {
  const scope = await resolveScope(db, ctx, query);
  const setup = await repo.loadAccountingSetup(db, scope.company.id);
  const mode = query.mode ?? savedMode(setup);
  const limit = query.limit !== 'false';
  const context: ExportContext = {
    companyName: scope.company.name,
    mode,
    exportDay: compactDay(parisDayOf(now)),
  };
  const next = await repo.readCounter(db, scope.company.id);
  // Only closed days: the preview stops where the export would (issue 30, defect 7).
  const openFrom = await firstOpenDay(db, scope.company.id, scope.startDay, scope.endDay, now);
  const period = {
    startDay: scope.startDay,
    endDay: openFrom ? addCalendarDays(openFrom, -1) : scope.endDay,
  };
  const datas: FecRow[] = [];
  let complete = true;
  for await (const rows of periodRows(db, scope.company, period, setup, context, next)) {
    datas.push(...rows);
    if (limit && datas.length > ACCOUNTING_PREVIEW_LIMIT) {
      complete = false;
      datas.length = ACCOUNTING_PREVIEW_LIMIT;
      break;
    }
  }
  let total = datas.length;
  if (!complete) {
    // The count of a longer period comes from its days' texts, kept for the export that follows.
    total = 0;
    const source = {
      db,
      files,
      company: scope.company,
      period,
      setup,
      context,
      format: 'fec' as const,
    };
    for await (const day of periodText(source, next, 'mirror')) total += day.lines;
  }
  const exportedDays = [
    ...(await repo.bookedDays(db, scope.company.id, period.startDay, period.endDay)).keys(),
  ].sort();
  return [{ success: true, datas, total, mode, exportedDays, openFrom }];
}

/**
 * Accounts or VAT keys saved before the account-number rule (issue 31, item 5) stop an export: 409
 * ACCOUNTING_ACCOUNT_NUMBER_INVALID naming each one, in the message and in `details.accounts`.
 */
export function assertAccountNumbers(setup: AccountingSetup): void {
  const invalid = invalidAccountNumbers(setup);
  if (invalid.length === 0) return;
  const refusal = accountingExportError('ACCOUNTING_ACCOUNT_NUMBER_INVALID');
  const listed = invalid.map((a) => `« ${a.number} » (${a.name})`).join(', ');
  throw new AppError(refusal.statusCode, refusal.code, `${refusal.message} En cause : ${listed}.`, {
    accounts: invalid,
  });
}

/**
 * `POST exportVat/export`: checks the request (e-mail, dates, one establishment, accounts, a period
 * already exported), records it and queues its job in the caller's transaction.
 */
export async function requestAccountingExport(
  trx: Db,
  jobs: JobRunner,
  ctx: RequestContext,
  body: AccountingExportBody,
): Promise<AccountingExportAccepted> {
  if (!isValidExportEmail(body.email)) throw accountingExportError('INVALID_EMAIL');
  const scope = await resolveScope(trx, ctx, body);
  const days = await repo.activeDays(trx, scope.company.id, scope.startDay, scope.endDay);
  if (days.length === 0) throw accountingExportError('ACCOUNTING_NOTHING_TO_EXPORT');
  const exportable = await exportability(trx, scope);
  if (!exportable.ok) throw accountingExportError('ACCOUNTING_NOT_EXPORTABLE');
  const setup = await repo.loadAccountingSetup(trx, scope.company.id);
  assertAccountNumbers(setup);
  const earlier = await repo.overlappingExports(
    trx,
    ctx.accountId,
    scope.company.id,
    body.format === 'fec' ? 'fec' : 'accounting_csv',
    scope.start,
    scope.end,
  );
  if (earlier.length > 0 && body.confirmReexport !== true) {
    throw accountingExportError('ACCOUNTING_PERIOD_ALREADY_EXPORTED');
  }
  // Only closed days are exported (issue 30, defect 7): the file stops before the first open day;
  // a FEC starts at the days the latest FEC export left open, once they are closed.
  const openFrom = await firstOpenDay(trx, scope.company.id, scope.startDay, scope.endDay);
  if (openFrom === scope.startDay) throw accountingExportError('ACCOUNTING_DAYS_OPEN');
  const leftOpen =
    body.format === 'fec'
      ? await repo.leftOpenBefore(trx, ctx.accountId, scope.company.id, scope.startDay)
      : null;
  const resumedFrom =
    leftOpen &&
    (await firstOpenDay(trx, scope.company.id, leftOpen, addCalendarDays(scope.startDay, -1))) === null
      ? leftOpen
      : null;
  const startDay = resumedFrom ?? scope.startDay;
  const endDay = openFrom ? addCalendarDays(openFrom, -1) : scope.endDay;
  const mode = body.mode ?? savedMode(setup);
  const exportNumber = await repo.nextExportNumber(trx, ctx.accountId, scope.company.id);
  const fileName = accountingExportFileName({
    format: body.format,
    company: scope.company,
    startDay,
    endDay,
    exportNumber,
  });
  const { exportId } = await queueExport(trx, jobs, ACCOUNTING_EXPORT_QUEUE, {
    account_id: ctx.accountId,
    company_ids: JSON.stringify([scope.company.id]),
    kind: body.format === 'fec' ? 'fec' : 'accounting_csv',
    requested_by: ctx.userId,
    email: body.email,
    period_start: parseParisDateTime(`${startDay} 00:00:00`)!,
    period_end: parseParisDateTime(`${endDay} 23:59:59`)!,
    params: JSON.stringify({
      mode,
      format: body.format,
      fileName,
      exportNumber,
      reexport: earlier.length > 0,
      openFrom,
      askedEnd: scope.endDay,
      resumedFrom,
    } satisfies ExportParams),
  });
  return { exportId, status: 'queued' };
}

export interface ExportParams {
  mode: AccountingExportMode;
  format: AccountingExportFormat;
  /** The file's name: the export's number when requested, and its entries once written. */
  fileName: string;
  /** The export's number for the establishment (none on exports made before issue 30). */
  exportNumber?: number;
  /** Earlier exports overlapped the period when it was requested. */
  reexport?: boolean;
  /** The charset the file was written in ('' UTF-8). */
  charset?: AccountingCharset;
  /** The first day of the period asked still open at the request: the file stops the day before. */
  openFrom?: string | null;
  /** The last day of the period asked. */
  askedEnd?: string;
  /** The first day of days an earlier FEC export left open, taken by this one. */
  resumedFrom?: string | null;
  firstEcritureNum?: number | null;
  lastEcritureNum?: number | null;
  sha256?: string;
  lines?: number;
  descriptionKey?: string | null;
  /** The FEC's companion file of analytic sections (mode 2). */
  analyticsKey?: string | null;
  counterFrom?: number;
  counterTo?: number;
}

export const paramsOf = (exported: ExportRow) => exported.params as unknown as ExportParams;

export type AccountingExportFile = 'file' | 'description' | 'analytics';

const accountingExportLinks = signedLink('comptoir/accounting-export-link/v1', ACCOUNTING_LINK_TTL_SECONDS);

/** The signed link of the mail (no session needed). */
export function accountingExportLink(
  config: Config,
  exportId: string,
  file: AccountingExportFile,
  now = new Date(),
) {
  const { stamp, signature } = accountingExportLinks.sign(config, [exportId, file], now);
  return `${config.publicUrl}/api/exportVat/files/${exportId}/${file}?expires=${stamp}&signature=${signature}`;
}

export function isAccountingExportLinkValid(
  config: Config,
  link: { exportId: string; file: AccountingExportFile; expires: number; signature: string },
  now = new Date(),
): boolean {
  const fields = [link.exportId, link.file];
  const verdict = accountingExportLinks.verify(
    config,
    fields,
    { stamp: link.expires, signature: link.signature },
    now,
  );
  return verdict === 'valid';
}

/** `GET exportVat/exports`: the establishment's recorded exports, newest first, with their links. */
export async function listAccountingExports(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingExportRecord[]> {
  assertCompanyReadable(ctx, companyId);
  const rows = await repo.listAccountingExports(db, ctx.accountId, companyId);
  const progress = await exportProgressOf(
    db,
    rows.map((row) => row.id),
  );
  const names = await repo.requesterNames(db, [
    ...new Set(rows.flatMap((r) => (r.requested_by ? [r.requested_by] : []))),
  ]);
  return rows.map((row) => {
    const params = paramsOf(row);
    const written = row.status === 'done' && row.file_key !== null;
    return {
      id: row.id,
      companyId,
      status: progress.get(row.id)?.isInterrupted ? 'interrupted' : row.status,
      mail: progress.get(row.id)?.mail ?? null,
      format: params.format ?? (row.kind === 'fec' ? 'fec' : 'csv'),
      mode: params.mode ?? ACCOUNTING_EXPORT_DEFAULT_MODE,
      periodStart: parisDayOf(row.period_start),
      periodEnd: parisDayOf(row.period_end),
      openFrom: params.openFrom ?? null,
      askedEnd: params.askedEnd ?? parisDayOf(row.period_end),
      resumedFrom: params.resumedFrom ?? null,
      requestedBy: (row.requested_by && names.get(row.requested_by)) || '',
      createdAt: row.created_at.toISOString(),
      fileName: params.fileName ?? null,
      sha256: params.sha256 ?? null,
      firstEcritureNum: params.firstEcritureNum ?? null,
      lastEcritureNum: params.lastEcritureNum ?? null,
      lines: params.lines ?? null,
      downloadUrl: written ? `/api/exportVat/exports/${row.id}/file` : null,
      descriptionUrl:
        written && params.descriptionKey ? `/api/exportVat/exports/${row.id}/description` : null,
      analyticsUrl: written && params.analyticsKey ? `/api/exportVat/exports/${row.id}/analytics` : null,
    };
  });
}

/** A written export's file or description: its content type, name and storage key. */
export async function exportFile(
  db: Db,
  exportId: string,
  file: AccountingExportFile,
  ctx?: RequestContext,
): Promise<{ key: string; name: string; type: string }> {
  const row = await repo.findAccountingExport(db, exportId);
  const readable =
    row && (!ctx || (row.account_id === ctx.accountId && ctx.companyIds.includes(row.company_ids[0]!)));
  if (!row || !readable || row.status !== 'done' || !row.file_key)
    throw accountingExportError('ACCOUNTING_EXPORT_NOT_FOUND');
  const params = paramsOf(row);
  if (file === 'description') {
    if (!params.descriptionKey) throw accountingExportError('ACCOUNTING_EXPORT_NOT_FOUND');
    return {
      key: params.descriptionKey,
      name: descriptionFileName(params.fileName),
      type: 'text/plain; charset=utf-8',
    };
  }
  if (file === 'analytics') {
    if (!params.analyticsKey) throw accountingExportError('ACCOUNTING_EXPORT_NOT_FOUND');
    return {
      key: params.analyticsKey,
      name: analyticsFileName(params.fileName),
      type: `text/csv; charset=${params.charset === 'latin9' ? 'iso-8859-15' : 'utf-8'}`,
    };
  }
  const charset = params.charset === 'latin9' ? 'iso-8859-15' : 'utf-8';
  return {
    key: row.file_key,
    name: params.fileName,
    type: `${params.format === 'fec' ? 'text/plain' : 'text/csv'}; charset=${charset}`,
  };
}
