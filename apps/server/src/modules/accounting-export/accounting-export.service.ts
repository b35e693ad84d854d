import crypto from 'node:crypto';
import {
  ACCOUNTING_EXPORT_DEFAULT_MODE,
  ACCOUNTING_PREVIEW_LIMIT,
  accountingExportFileName,
  analyticsFileName,
  isAccountingCsv,
  formatBusinessDay,
  isValidExportEmail,
  periodDays,
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
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportedMovement, ExportRow } from '../../db/schema/backoffice';
import type { Config } from '../../platform/config';
import { addDays, parisDay, parseParisDateTime } from '../../platform/dates';
import type { FileStorage } from '../../platform/files';
import { escapeHtml } from '../../platform/html-page';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { JobRunner } from '../../platform/job-runner';
import type { JobContext, JobRow } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { assertCompanyReadable } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { readEstablishmentIds } from '../../platform/establishment-ids';
import { signedLink } from '../../platform/signed-link';
import { exportSpan, formatPeriodBound, lineCount } from '../../platform/mailed-export/export-mail';
import {
  mailExport,
  queueExport,
  runExportJob,
  writeExportFile,
} from '../../platform/mailed-export/mailed-export';
import { resolveExportPeriod } from '../data-export/data-export.dates';
import { dailyClosureNumbers, firstOpenDay } from '../server-closures/server-closures.service';
import { accountingExportError } from './accounting-export.errors';
import * as repo from './accounting-export.repository';
import {
  AccountResolver,
  bookedHeader,
  CORRECTION_PREFIX,
  bookedRows,
  collectMissing,
  correctionEntries,
  invalidAccountNumbers,
  entryMovements,
  FEC_DEFAULT_ACCOUNTS,
  missingItems,
  numberEntries,
  type AccountingSetup,
  type DayData,
  type ExportContext,
} from './fec-entries';
import { buildDayEntries } from './fec-day-entries';
import { loadVersionedDays } from './accounting-kept.repository';
import {
  accountingCache,
  type AccountingCache,
  type KeptDay,
  type KeptMonth,
  type KeptText,
  type MonthFile,
} from './accounting-kept.store';
import {
  dayText,
  analyticsText,
  descriptionFileName,
  encodeAccountingText,
  FecFileFacts,
  fecDescription,
  fileHeader,
  fileLine,
  numberDayBytes,
  VALID_DATE_MARK,
} from './fec-file';

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

/** The figures are read a month of business days per query; the file is still built a day at a time. */
const DAYS_PER_QUERY = 31;

/**
 * The numbered movement lines of a period, a business day at a time (never the whole period in
 * memory), as the FEC ledger holds them (issue 30, defect 18): a day a FEC export booked shows its
 * booked entries with their numbers, then its corrections if it changed since; the other days their
 * entries; what is not booked yet is numbered from `next`, as the next FEC will number it (the
 * preview's rows, the same entries and numbers as a CSV of the period).
 */
export async function* periodRows(
  db: Db,
  company: repo.CompanyIdentity,
  period: { startDay: string; endDay: string },
  setup: AccountingSetup,
  context: ExportContext,
  next: number,
): AsyncGenerator<FecRow[]> {
  const resolver = new AccountResolver(setup);
  const days = await repo.activeDays(db, company.id, period.startDay, period.endDay);
  for (let i = 0; i < days.length; i += DAYS_PER_QUERY) {
    const chunk = days.slice(i, i + DAYS_PER_QUERY);
    const [figures, booked, closures] = await Promise.all([
      repo.loadDays(db, company.id, chunk[0]!, chunk.at(-1)!),
      repo.bookedDays(db, company.id, chunk[0]!, chunk.at(-1)!),
      dailyClosureNumbers(db, company.id, chunk[0]!, chunk.at(-1)!),
    ]);
    const byDay = new Map(figures.map((day) => [day.day, day]));
    for (const dayKey of chunk) {
      const data = withClosure(byDay.get(dayKey) ?? emptyDay(dayKey), closures);
      const entries = buildDayEntries(resolver, data, context);
      const before = booked.get(dayKey);
      if (!before) {
        const numbered = numberEntries(entries, next);
        next = numbered.next;
        yield numbered.rows;
        continue;
      }
      const mirrored = mirroredRows(dayKey, before, data, setup, context);
      const movements = before.flatMap((booking) => booking.movements);
      const numbered = numberEntries(correctionEntries(entries, movements, data, setup.keys, context), next);
      next = numbered.next;
      yield [...mirrored, ...numbered.rows];
    }
  }
}

/** A day's figures with its piece: the establishment's daily closure number (issue 30, defect 10). */
const withClosure = (day: DayData, closures: Map<string, string>): DayData => ({
  ...day,
  closureNumber: closures.get(day.day) ?? null,
});

const emptyDay = (day: string): DayData => ({
  day,
  closureNumber: null,
  cashFloat: 0,
  sales: [],
  payments: [],
  settlements: [],
});

const compactDay = (day: string) => day.replaceAll('-', '');

/** What an accounting file is written from. */
interface FileSource {
  db: Db;
  company: repo.CompanyIdentity;
  period: { startDay: string; endDay: string };
  setup: AccountingSetup;
  context: ExportContext;
  format: AccountingExportFormat;
  /** Where whole months of kept days are kept as files (without it, kept days only). */
  files?: FileStorage;
}

/** A business day's text in a period's file. */
interface DayChunk {
  /** The day's lines, numbered, as UTF-8. */
  chunk: Buffer;
  lines: number;
  next: number;
  daysDone: number;
  days: number;
  day: string;
  /** What a FEC export books for the day (none when it books nothing new). */
  booked: repo.BookedDay | null;
  /** The lowest and highest entry numbers the day's text holds (none when it holds no line). */
  numbers: { first: number; last: number } | null;
  /** The day wrote entries of its own, not only corrections of what was booked. */
  fresh: boolean;
}

const spanOf = (
  a: { first: number; last: number } | null,
  b: { first: number; last: number } | null,
): { first: number; last: number } | null =>
  a && b ? { first: Math.min(a.first, b.first), last: Math.max(a.last, b.last) } : (a ?? b);

const numbersFrom = (next: number, entries: number) =>
  entries > 0 ? { first: next, last: next + entries - 1 } : null;

/**
 * How an export treats the entries the FEC exports booked (migration 027): `book` (a FEC) writes
 * only what is not booked yet (a day's entries, or the corrections of a booked day that changed),
 * numbered from the counter, and says what it books; `mirror` (a CSV) writes the booked entries with
 * their numbers, then what the next FEC would book, numbered as it would number them.
 */
export type LedgerUse = 'book' | 'mirror';

/** A business day's text before it is numbered: bytes `start` to `end` of `data`. */
interface DayText {
  day: string;
  entryCount: number;
  lineCount: number;
  data: Buffer;
  start: number;
  end: number;
  /** What its entries move (a FEC export books them); empty unless an export asked for them. */
  movements: ExportedMovement[];
}

/**
 * The text of a period's lines, a business day at a time, numbered from `next` (what
 * `periodRows` gives, written as the file writes it). Per calendar month: the days' texts are read
 * from the accounting cache (`accounting-kept.store`) or computed from the figures and kept, so a
 * period already previewed or exported is written without summing its rollups again; then each day
 * is numbered and, with `ledger` (an export), a day the FEC exports booked is written as
 * `LedgerUse` says: its corrections, after its booked entries for a CSV.
 */
export async function* periodText(
  source: FileSource,
  next: number,
  ledger?: LedgerUse,
): AsyncGenerator<DayChunk> {
  const { db, files, company, period, setup, context, format } = source;
  if (period.startDay > period.endDay) return;
  const calendarDays = periodDays(period.startDay, period.endDay);
  const cache = accountingCache(db, files);
  // Each day's piece is the establishment's daily closure number, in its entries and the header a
  // FEC books with them: read once for the period (a month at a time cost two queries a month).
  const closures = await dailyClosureNumbers(db, company.id, period.startDay, period.endDay);
  const header = (day: string) =>
    bookedHeader(setup.keys, { day, closureNumber: closures.get(day) ?? null }, context.exportDay);
  const scope = { company, format, setup, context };
  for await (const month of cache.read(scope, period, { movements: ledger === 'book' })) {
    const prior = ledger
      ? await repo.bookedDays(db, company.id, month.first, month.last)
      : new Map<string, repo.BookedDay[]>();
    const { days, figures } =
      month.file && prior.size === 0
        ? { days: fileTexts(month, month.file, ledger === 'book'), figures: null }
        : await computedTexts(source, cache, month, prior, closures);
    for (const text of days) {
      const before = prior.get(text.day);
      const fix =
        before && figures ? correctedText(source, text.day, before, figures(text.day), ledger) : null;
      const written = fix?.text ?? text;
      const mirrored = fix?.mirrored ?? { text: '', lines: 0, numbers: null };
      const numbered = numberDayBytes(written.data, written.start, written.end, next, context.exportDay);
      const chunk = mirrored.lines > 0 ? Buffer.concat([Buffer.from(mirrored.text), numbered]) : numbered;
      const booked =
        ledger === 'book' && written.entryCount > 0
          ? { firstNum: next, header: header(text.day), movements: written.movements }
          : null;
      next += written.entryCount;
      yield {
        chunk,
        lines: mirrored.lines + written.lineCount,
        next,
        daysDone: periodDays(period.startDay, text === days.at(-1) ? month.last : text.day),
        days: calendarDays,
        day: text.day,
        booked,
        numbers: spanOf(mirrored.numbers, numbersFrom(next - written.entryCount, written.entryCount)),
        fresh: (fix ? fix.fresh : written.entryCount > 0) || mirrored.lines > 0,
      };
    }
  }
}

/** The texts of a month's days in the period, from its kept file. */
function fileTexts(month: KeptMonth, file: MonthFile, withMovements: boolean): DayText[] {
  const movements = withMovements ? file.movements() : null;
  return file.days.flatMap((day, d) =>
    day.day >= month.first && day.day <= month.last
      ? [{ ...day, data: file.data, movements: movements?.[d] ?? [] }]
      : [],
  );
}

const textOf = (day: string, kept: KeptDay): DayText => {
  const data = Buffer.from(kept.body);
  const { entryCount, lineCount, movements } = kept;
  return { day, entryCount, lineCount, movements, data, start: 0, end: data.length };
};

/**
 * The texts of a month's days holding figures: those the cache keeps, the others computed from the
 * figures (read a month at a time, with the days already booked, which `correctedText` needs) and
 * kept.
 */
async function computedTexts(
  source: FileSource,
  cache: AccountingCache,
  month: KeptMonth,
  prior: Map<string, repo.BookedDay[]>,
  closures: Map<string, string>,
): Promise<{ days: DayText[]; figures: (day: string) => DayData }> {
  const { db, company, setup, context, format } = source;
  const listed = await month.days();
  const texts = new Map<string, KeptText>(
    listed.flatMap((d) => (d.kept ? [[d.day, { ...d.kept, day: d.day, version: d.version }] as const] : [])),
  );
  const loaded = new Map<string, DayData>();
  const figures = (day: string) => withClosure(loaded.get(day) ?? emptyDay(day), closures);
  const toCompute = listed.filter((d) => !texts.has(d.day) || prior.has(d.day)).map((d) => d.day);
  let computed: { names: string; days: KeptText[] } | undefined;
  if (toCompute.length > 0) {
    const read = await loadVersionedDays(db, company, toCompute[0]!, toCompute.at(-1)!);
    for (const day of read.days) loaded.set(day.day, day);
    // Kept texts are built with the validation date as a marker: the export day is written at the end.
    const keptContext: ExportContext = { ...context, exportDay: VALID_DATE_MARK };
    const resolver = new AccountResolver(setup);
    const fresh = toCompute
      .filter((day) => !texts.has(day))
      .map((day) => {
        const entries = buildDayEntries(resolver, figures(day), keptContext);
        const { body, lines } = dayText(format, entries, context.mode);
        const text: KeptText = {
          day,
          entryCount: entries.length,
          lineCount: lines,
          body,
          movements: entryMovements(entries),
          version: read.versions.get(day) ?? '0',
        };
        texts.set(day, text);
        return text;
      });
    computed = { names: read.nameVersion, days: fresh };
  }
  const days = listed.map((d) => texts.get(d.day)!);
  await cache.keep(month, days, computed);
  return { days: days.map((text) => textOf(text.day, text)), figures };
}

/**
 * A day the FEC exports booked: the correction entries of what changed since (or its entries for a
 * kind never booked), and for a CSV the booked entries before them (`mirroredRows`).
 */
function correctedText(
  source: FileSource,
  day: string,
  bookings: repo.BookedDay[],
  data: DayData,
  ledger: LedgerUse | undefined,
) {
  const { setup, context, format } = source;
  const keptContext: ExportContext = { ...context, exportDay: VALID_DATE_MARK };
  const entries = buildDayEntries(new AccountResolver(setup), data, keptContext);
  const movements = bookings.flatMap((booked) => booked.movements);
  const corrected = correctionEntries(entries, movements, data, setup.keys, keptContext);
  const { body, lines } = dayText(format, corrected, context.mode);
  return {
    text: textOf(day, {
      entryCount: corrected.length,
      lineCount: lines,
      body,
      movements: entryMovements(corrected),
    }),
    mirrored:
      ledger === 'mirror'
        ? bookedText(format, day, bookings, data, setup, context)
        : { text: '', lines: 0, numbers: null },
    fresh: corrected.some((entry) => !entry.rows[0]?.ecritureLib.startsWith(CORRECTION_PREFIX)),
  };
}

/**
 * A booked day's entries as the FEC exports booked them, with their numbers, in the order of their
 * bookings (the CSV and the preview mirror them). A day booked before migration 027 kept no header:
 * it gets the day's closure, the configured journal and validation date. (A booking older still,
 * with no first number, cannot be numbered and is left out.)
 */
export function mirroredRows(
  day: string,
  bookings: repo.BookedDay[],
  data: DayData,
  setup: AccountingSetup,
  context: ExportContext,
): FecRow[] {
  const fallback = bookedHeader(setup.keys, data, context.exportDay);
  return bookings.flatMap((booking) =>
    booking.firstNum === null ? [] : bookedRows(day, { ...booking, firstNum: booking.firstNum }, fallback),
  );
}

/** `mirroredRows` as the file writes them. */
function bookedText(
  format: AccountingExportFormat,
  day: string,
  bookings: repo.BookedDay[],
  data: DayData,
  setup: AccountingSetup,
  context: ExportContext,
): { text: string; lines: number; numbers: { first: number; last: number } | null } {
  const rows = mirroredRows(day, bookings, data, setup, context);
  const numbers = rows.reduce<{ first: number; last: number } | null>(
    (span, row) => spanOf(span, { first: row.ecritureNum, last: row.ecritureNum }),
    null,
  );
  return {
    text: rows.map((row) => fileLine(format, row, context.mode)).join(''),
    lines: rows.length,
    numbers,
  };
}

/**
 * Days are handed to the destination about this many bytes at a time: a write's round trip through
 * the thread pool costs as much as streaming a few days of text (a year of the demo group's
 * establishment: 4 writes of 256 kB instead of 365 of a day each).
 */
const WRITE_SIZE = 256 * 1024;

/**
 * Writes a period's file (header, then a business day's lines at a time) through `write`, which
 * waits when the destination is full: memory holds a month of kept text at most (a month of
 * figures when days are computed), whatever the period.
 */
export async function streamAccountingFile(
  source: FileSource & {
    next: number;
    /** An export: how it treats booked entries (`LedgerUse`). */
    ledger?: LedgerUse;
    /** A FEC export: what it books for each day, handed over as the day is written. */
    recordDay?: (day: string, booked: repo.BookedDay) => Promise<void>;
  },
  write: (piece: Buffer) => Promise<void>,
  progress?: (daysDone: number, days: number) => Promise<void>,
): Promise<{
  lines: number;
  next: number;
  numbers: { first: number; last: number } | null;
  /** Some day wrote entries of its own: the file is not corrections only. */
  fresh: boolean;
}> {
  let pending: Buffer[] = [Buffer.from(fileHeader(source.format, source.context.mode))];
  let size = pending[0]!.length;
  const flush = async () => {
    const piece = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    await write(piece);
  };
  let lines = 0;
  let next = source.next;
  let numbers: { first: number; last: number } | null = null;
  let fresh = false;
  for await (const day of periodText(source, next, source.ledger)) {
    numbers = spanOf(numbers, day.numbers);
    fresh ||= day.fresh;
    pending.push(day.chunk);
    size += day.chunk.length;
    if (size >= WRITE_SIZE) await flush();
    if (day.booked) await source.recordDay?.(day.day, day.booked);
    lines += day.lines;
    next = day.next;
    await progress?.(day.daysDone, day.days);
  }
  await flush();
  return { lines, next, numbers, fresh };
}

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
    exportDay: compactDay(parisDay(now)),
  };
  const next = await repo.readCounter(db, scope.company.id);
  // Only closed days: the preview stops where the export would (issue 30, defect 7).
  const openFrom = await firstOpenDay(db, scope.company.id, scope.startDay, scope.endDay, now);
  const period = { startDay: scope.startDay, endDay: openFrom ? addDays(openFrom, -1) : scope.endDay };
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
function assertAccountNumbers(setup: AccountingSetup): void {
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
    leftOpen && (await firstOpenDay(trx, scope.company.id, leftOpen, addDays(scope.startDay, -1))) === null
      ? leftOpen
      : null;
  const startDay = resumedFrom ?? scope.startDay;
  const endDay = openFrom ? addDays(openFrom, -1) : scope.endDay;
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

export interface AccountingExportDeps {
  db: Db;
  config: Config;
  serverKey: ServerKey;
  files: FileStorage;
  mailer: Mailer;
}

interface ExportParams {
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

interface WrittenExport {
  exportId: string;
  status: 'done';
  /** None when the export had nothing to write: no file is kept (issue 30, defect 9). */
  fileKey: string | null;
  params: ExportParams;
}

const paramsOf = (exported: ExportRow) => exported.params as unknown as ExportParams;

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
          startDay: parisDay(exported.period_start),
          endDay: parisDay(exported.period_end),
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
        deps.mailer,
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
  const period = { startDay: parisDay(exported.period_start), endDay: parisDay(exported.period_end) };
  const context: ExportContext = {
    companyName: company.name,
    mode: params.mode,
    exportDay: compactDay(parisDay(now)),
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
  const paragraphs = empty
    ? [
        'Bonjour,',
        `${what} de ${companyName} ${span} : aucune écriture nouvelle.`,
        "Les journées de la période avaient déjà été exportées et rien n'a changé depuis : aucun fichier n'a été écrit, il n'y a rien à importer.",
        ...days,
        "L'équipe Comptoir",
      ]
    : [
        'Bonjour,',
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
        `Téléchargement (lien valable 7 jours) : ${fileLink}`,
        ...(descriptionLink ? [`Description du fichier : ${descriptionLink}`] : []),
        `Empreinte SHA-256 : ${params.sha256}`,
        "L'équipe Comptoir",
      ];
  return {
    subject: `${what} de ${companyName} ${span}${empty ? ' : aucune écriture nouvelle' : ''}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

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
  const names = await repo.requesterNames(db, [
    ...new Set(rows.flatMap((r) => (r.requested_by ? [r.requested_by] : []))),
  ]);
  return rows.map((row) => {
    const params = paramsOf(row);
    const written = row.status === 'done' && row.file_key !== null;
    return {
      id: row.id,
      companyId,
      status: row.status,
      format: params.format ?? (row.kind === 'fec' ? 'fec' : 'csv'),
      mode: params.mode ?? ACCOUNTING_EXPORT_DEFAULT_MODE,
      periodStart: parisDay(row.period_start),
      periodEnd: parisDay(row.period_end),
      openFrom: params.openFrom ?? null,
      askedEnd: params.askedEnd ?? parisDay(row.period_end),
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

/** The charset the establishment's files are written in (`account_vat_charset`). */
export const fileCharset = (setup: AccountingSetup): AccountingCharset =>
  setup.keys.account_vat_charset === 'latin9' ? 'latin9' : '';
