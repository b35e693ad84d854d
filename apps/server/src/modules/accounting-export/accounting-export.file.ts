// Over 400 lines: one pipeline read top to bottom, a period's days read or computed, numbered, corrected, streamed.
import {
  countDays,
  type AccountingCharset,
  type AccountingExportFormat,
  type FecRow,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportedMovement } from '../../db/schema/backoffice';
import type { FileStorage } from '../../platform/files';
import { dailyClosureNumbers } from '../server-closures/server-closures.service';
import * as repo from './accounting-export.repository';
import {
  AccountResolver,
  bookedHeader,
  CORRECTION_PREFIX,
  bookedRows,
  correctionEntries,
  entryMovements,
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
import { dayText, fileHeader, fileLine, numberDayBytes, VALID_DATE_MARK } from './fec-file';

/**
 * An accounting file's text (FEC or CSV): the period's entries a business day at a time, read from
 * the accounting cache or computed from the figures, numbered, corrected where the FEC exports booked
 * them, and streamed to the destination.
 */

/** The figures are read a month of business days per query; the file is still built a day at a time. */
export const DAYS_PER_QUERY = 31;

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

export const compactDay = (day: string) => day.replaceAll('-', '');

/** What an accounting file is written from. */
export interface FileSource {
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
export interface DayChunk {
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
  const calendarDays = countDays(period.startDay, period.endDay);
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
        daysDone: countDays(period.startDay, text === days.at(-1) ? month.last : text.day),
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

/** The charset the establishment's files are written in (`account_vat_charset`). */
export const fileCharset = (setup: AccountingSetup): AccountingCharset =>
  setup.keys.account_vat_charset === 'latin9' ? 'latin9' : '';
