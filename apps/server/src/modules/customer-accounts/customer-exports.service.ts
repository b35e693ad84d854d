import {
  isValidExportEmail,
  type CustomerDataExportBody,
  type CustomerDataExportResponse,
  parisDayOf,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportRow } from '../../db/schema/backoffice';
import type { FileStorage, StorageStream } from '../../platform/files';
import type { JobRunner } from '../../platform/job-runner';
import type { JobContext, JobRow } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import {
  mailSpreadsheetExport,
  queueExport,
  runSpreadsheetExportJob,
  spreadsheetExportNotice,
  writeExportFile,
  type SpreadsheetExportResult,
} from '../../platform/mailed-export/mailed-export';
import { createSheetWriter, type Cell, type SheetColumn } from '../data-export/xlsx-sheet';
import { allocateNotes, type AllocOperation, type AllocOperationKind } from './customer-notes.allocation';
import {
  CUSTOMER_EXPORT_LABELS,
  customerExportFilename,
  customerExportMail,
  type CustomerExportKind,
} from './customer-exports.mail';
import {
  ALL_CUSTOMERS_COLUMNS,
  ALL_CUSTOMERS_SHEET,
  HISTORY_COLUMNS,
  HISTORY_SHEET,
  UNPAID_SALES_COLUMNS,
  UNPAID_SALES_SHEET,
  allCustomersCells,
  historyCells,
  unpaidSaleCells,
  type AllCustomersSheetRow,
  type HistorySheetRow,
  type UnpaidSaleSheetRow,
} from './customer-exports.workbook';
import { customerHistoryError } from './customer-history.errors';
import {
  allCustomersRows,
  historyBatches,
  operationsOfAccountsCharged,
  unpaidSalesLabels,
  type HistoryScope,
} from './customer-history.repository';
import {
  CUSTOMER_HISTORY_EXPORT_QUEUE,
  historyExportParams,
  resolveCustomerPeriod,
} from './customer-history.service';

export const CUSTOMERS_ALL_EXPORT_QUEUE = 'customer-accounts.all-customers-export';
export const CUSTOMERS_UNPAID_EXPORT_QUEUE = 'customer-accounts.unpaid-sales-export';

/** The queue of each customer-account export. */
export const CUSTOMER_EXPORT_QUEUES: Record<CustomerExportKind, string> = {
  customer_history: CUSTOMER_HISTORY_EXPORT_QUEUE,
  customers_all: CUSTOMERS_ALL_EXPORT_QUEUE,
  customers_unpaid: CUSTOMERS_UNPAID_EXPORT_QUEUE,
};

interface PeriodOfAccount {
  accountId: string;
  companyIds: string[];
  start: Date;
  end: Date;
}

// What each export holds.

/**
 * All accounts: every account of the caller linked to a readable establishment, with its
 * establishments, contact fields, balance and the period's sums. Empty when no account moved in the
 * period (the portal then says 'no data').
 */
export async function allCustomersSheetRows(db: Db, scope: PeriodOfAccount): Promise<AllCustomersSheetRow[]> {
  if (scope.companyIds.length === 0) return [];
  const rows = await allCustomersRows(db, scope);
  if (!rows.some((row) => row.operations > 0)) return [];
  return rows.map((row) => ({
    lastname: row.lastname,
    firstname: row.firstname,
    type: row.type,
    cardNumber: row.card_number,
    establishments: row.establishments,
    email: row.email,
    phone: row.phone,
    addressStreet: row.address_street,
    addressZipcode: row.address_zipcode,
    addressCity: row.address_city,
    companyName: row.is_company ? row.company_name : null,
    companySiren: row.is_company ? row.company_siren : null,
    companyVat: row.is_company ? row.company_vat : null,
    balance: Number(row.balance),
    charges: Number(row.charges),
    payments: Number(row.payments),
    topups: Number(row.topups),
  }));
}

/**
 * Unpaid sales: the notes (charges) of the period in readable establishments that the money put on
 * the account has not fully paid (allocation over the account's whole story), oldest first.
 */
export async function unpaidSaleSheetRows(db: Db, scope: PeriodOfAccount): Promise<UnpaidSaleSheetRow[]> {
  if (scope.companyIds.length === 0) return [];
  const operations = await operationsOfAccountsCharged(db, scope);
  const byAccount = new Map<string, AllocOperation[]>();
  for (const op of operations) {
    const list = byAccount.get(op.customer_account_id) ?? [];
    list.push({
      id: op.id,
      at: new Date(op.at),
      operation: op.operation as AllocOperationKind,
      amount: Number(op.amount),
      companyId: op.company_id,
      orderId: op.order_id,
      paymentTypeId: op.payment_type_id,
      paymentName: op.payment_name,
      userFirstname: op.user_firstname,
      userLastname: op.user_lastname,
    });
    byAccount.set(op.customer_account_id, list);
  }
  const unpaid: { customerId: string; note: ReturnType<typeof allocateNotes>['notes'][number] }[] = [];
  for (const [customerId, ops] of byAccount) {
    for (const note of allocateNotes(ops).notes) {
      const { at, companyId } = note.operation;
      if (
        note.remaining > 0 &&
        scope.companyIds.includes(companyId) &&
        at.getTime() >= scope.start.getTime() &&
        at.getTime() <= scope.end.getTime()
      ) {
        unpaid.push({ customerId, note });
      }
    }
  }
  if (unpaid.length === 0) return [];
  const labels = await unpaidSalesLabels(db, scope.accountId, {
    customerIds: [...new Set(unpaid.map((u) => u.customerId))],
    companyIds: [...new Set(unpaid.map((u) => u.note.operation.companyId))],
    orderIds: [
      ...new Set(unpaid.flatMap((u) => (u.note.operation.orderId ? [u.note.operation.orderId] : []))),
    ],
  });
  return unpaid
    .sort(
      (a, b) =>
        a.note.operation.at.getTime() - b.note.operation.at.getTime() ||
        a.note.operation.id.localeCompare(b.note.operation.id),
    )
    .map(({ customerId, note }) => {
      const customer = labels.customers.get(customerId);
      const orderId = note.operation.orderId;
      return {
        at: note.operation.at,
        lastname: customer?.lastname ?? '',
        firstname: customer?.firstname ?? '',
        companyName: labels.companies.get(note.operation.companyId) ?? '',
        orderNumber: orderId ? (labels.orders.get(orderId) ?? null) : null,
        amount: note.amount,
        remaining: note.remaining,
      };
    });
}

// The requests.

async function requestCustomerDataExport(
  trx: Db,
  jobs: JobRunner,
  ctx: RequestContext,
  body: CustomerDataExportBody,
  kind: 'customers_all' | 'customers_unpaid',
): Promise<CustomerDataExportResponse> {
  const period = resolveCustomerPeriod(body.startDate, body.endDate);
  if (!isValidExportEmail(body.email)) throw customerHistoryError('INVALID_EMAIL');
  const scope: PeriodOfAccount = {
    accountId: ctx.accountId,
    companyIds: [...ctx.companyIds],
    start: period.start,
    end: period.end,
  };
  const rows =
    kind === 'customers_all'
      ? await allCustomersSheetRows(trx, scope)
      : await unpaidSaleSheetRows(trx, scope);
  if (rows.length === 0) return { ok: true, data: false };
  await queueExport(trx, jobs, CUSTOMER_EXPORT_QUEUES[kind], {
    account_id: ctx.accountId,
    company_ids: JSON.stringify(scope.companyIds),
    kind,
    requested_by: ctx.userId,
    email: body.email.trim(),
    period_start: period.start,
    period_end: period.end,
  });
  return { ok: true, data: true };
}

/** `POST customer-account/export-xls-all-customers`: data false ('no data') or the job queued. */
export function requestAllCustomersExport(
  trx: Db,
  jobs: JobRunner,
  ctx: RequestContext,
  body: CustomerDataExportBody,
): Promise<CustomerDataExportResponse> {
  return requestCustomerDataExport(trx, jobs, ctx, body, 'customers_all');
}

/** `POST customer-account/export-xls-unpaid-sales`: data false ('no data') or the job queued. */
export function requestUnpaidSalesExport(
  trx: Db,
  jobs: JobRunner,
  ctx: RequestContext,
  body: CustomerDataExportBody,
): Promise<CustomerDataExportResponse> {
  return requestCustomerDataExport(trx, jobs, ctx, body, 'customers_unpaid');
}

// The jobs.

export interface CustomerExportDeps {
  db: Db;
  serverKey: ServerKey;
  files: FileStorage;
  mailer: Mailer;
}

export type CustomerExportResult = SpreadsheetExportResult;

/**
 * A customer-account export's job: writes its XLSX to the file storage and mails it (a period left
 * empty since the request gets a mail saying so). The exports row follows as for the data exports.
 */
export function runCustomerExport(
  deps: CustomerExportDeps,
  kind: CustomerExportKind,
  job: JobRow,
  jobCtx: JobContext,
): Promise<CustomerExportResult | { exportId: string; status: string }> {
  return runSpreadsheetExportJob(
    deps.db,
    deps.serverKey,
    job,
    (exported) => exportAndMail(deps, kind, exported, jobCtx),
    spreadsheetExportNotice(`Export ${CUSTOMER_EXPORT_LABELS[kind].title}`),
  );
}

function periodOf(exported: ExportRow): PeriodOfAccount {
  return {
    accountId: exported.account_id,
    companyIds: exported.company_ids,
    start: exported.period_start,
    end: exported.period_end,
  };
}

/** Writes rows read at once (all accounts, unpaid sales) as one sheet; returns how many there were. */
async function writeSheet<Row>(
  file: StorageStream,
  sheet: { name: string; columns: readonly SheetColumn[]; cells: (row: Row) => Cell[] },
  rows: readonly Row[],
): Promise<number> {
  const writer = createSheetWriter(file.output, sheet.name, sheet.columns, sheet.cells);
  writer.addRows(rows);
  await Promise.all([writer.finish(), file.stored]);
  return rows.length;
}

/** Streams the export's rows into `fileKey`; returns how many there were. */
function writeExport(
  deps: CustomerExportDeps,
  kind: CustomerExportKind,
  exported: ExportRow,
  fileKey: string,
  jobCtx: JobContext,
): Promise<number> {
  return writeExportFile(deps.files, fileKey, async (file) => {
    const scope = periodOf(exported);
    if (kind === 'customers_all') {
      const sheet = { name: ALL_CUSTOMERS_SHEET, columns: ALL_CUSTOMERS_COLUMNS, cells: allCustomersCells };
      return writeSheet(file, sheet, await allCustomersSheetRows(deps.db, scope));
    }
    if (kind === 'customers_unpaid') {
      const sheet = { name: UNPAID_SALES_SHEET, columns: UNPAID_SALES_COLUMNS, cells: unpaidSaleCells };
      return writeSheet(file, sheet, await unpaidSaleSheetRows(deps.db, scope));
    }
    const writer = createSheetWriter<HistorySheetRow>(
      file.output,
      HISTORY_SHEET,
      HISTORY_COLUMNS,
      historyCells,
    );
    const params = historyExportParams.parse(exported.params);
    const history: HistoryScope = { ...scope, ...params };
    let rowCount = 0;
    if (history.companyIds.length > 0) {
      for await (const batch of historyBatches(deps.db, history)) {
        file.throwIfFailed();
        if (jobCtx.signal.aborted) throw new Error('export interrupted: the server is stopping');
        writer.addRows(
          batch.map((row) => ({
            at: new Date(row.at),
            companyName: row.company_name,
            operation: row.operation,
            customerLastname: row.customer_lastname,
            customerFirstname: row.customer_firstname,
            userFirstname: row.user_firstname,
            userLastname: row.user_lastname,
            paymentName: row.payment_name,
            amount: Number(row.amount),
            balanceAfter: Number(row.balance_after),
          })),
        );
        rowCount += batch.length;
      }
    }
    await Promise.all([writer.finish(), file.stored]);
    return rowCount;
  });
}

async function exportAndMail(
  deps: CustomerExportDeps,
  kind: CustomerExportKind,
  exported: ExportRow,
  jobCtx: JobContext,
): Promise<CustomerExportResult> {
  if (!exported.email) throw new Error(`export ${exported.id} has no e-mail address`);
  const startDay = parisDayOf(exported.period_start);
  const endDay = parisDayOf(exported.period_end);
  const fileKey = `exports/customer-accounts/${exported.id}.xlsx`;
  const rowCount = await writeExport(deps, kind, exported, fileKey, jobCtx);
  await jobCtx.reportProgress(95);
  return mailSpreadsheetExport(
    deps,
    exported,
    { fileKey, rowCount, filename: customerExportFilename(kind, startDay, endDay) },
    customerExportMail(kind, { start: exported.period_start, end: exported.period_end }, rowCount),
  );
}
