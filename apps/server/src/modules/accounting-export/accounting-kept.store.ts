import crypto from 'node:crypto';
import {
  calendarMonthEnd,
  calendarMonthStart,
  countDays,
  type AccountingExportFormat,
  addCalendarDays,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportedMovement } from '../../db/schema/accounting';
import type { FileStorage } from '../../platform/files';
import * as repo from './accounting-kept.repository';
import type { KeptDay, KeptKey, MonthRow } from './accounting-kept.repository';
import type { AccountingSetup, ExportContext } from './fec-entries';

export type { KeptDay } from './accounting-kept.repository';

/**
 * The accounting cache: what a business day's entries are as the file writes them (kept days,
 * migration 025), and a calendar month of them in one file of the storage (kept months, migration
 * 026), each used only while the day's version (every source of its entries bumps it) and the setup
 * it was computed under are unchanged. A memo, never a record: a file is the same byte for byte with
 * or without it (`accounting-kept.integration.test.ts`). `read` what is kept of a period a month at
 * a time, `keep` what was computed, `forget` everything (at the server's start).
 */
export interface AccountingCache {
  read(
    scope: KeptScope,
    period: { startDay: string; endDay: string },
    options: { movements: boolean },
  ): AsyncGenerator<KeptMonth>;
  keep(month: KeptMonth, texts: KeptText[], computed?: { names: string; days: KeptText[] }): Promise<void>;
  forget(): Promise<void>;
}

/** What a kept text depends on besides the day's figures. */
export interface KeptScope {
  company: { id: string; accountId: string };
  format: AccountingExportFormat;
  setup: AccountingSetup;
  context: ExportContext;
}

/** A day's text with the version of the day it was computed at. */
export type KeptText = KeptDay & { day: string; version: string };

/** A day's text inside a kept month's file: bytes `start` to `end` of the file's `data`. */
export interface FileDay {
  day: string;
  entryCount: number;
  lineCount: number;
  start: number;
  end: number;
}

/** A kept month's file, read whole. */
export interface MonthFile {
  days: FileDay[];
  data: Buffer;
  /** Each day's movements (in the order of `days`), read when asked for. */
  movements: () => ExportedMovement[][];
}

/** A calendar month's part of a period, and what is kept of it. */
export interface KeptMonth {
  /** The month's first day. */
  month: string;
  /** The part of the month in the period. */
  first: string;
  last: string;
  /** Its kept file, when current, under this setup and holding every day of the part; else null. */
  file: MonthFile | null;
  /** The part's days holding figures, ascending, with their version and their text when still kept. */
  days: () => Promise<{ day: string; version: string; kept: KeptDay | null }[]>;
  /** What its texts depend on, and the customer names version it was read at. */
  readonly scope: KeptScope;
  readonly names: string;
  /** The part is kept as one file once its texts are known (none is, or a shorter one). */
  readonly packable: boolean;
}

/** Kept months are files under this directory of the file storage. */
const MONTHS_DIR = 'accounting-kept';

/**
 * The version of the rules that turn a day's figures into entries: a kept text made under other
 * rules is never read again. Raise it with any change to what `buildDayEntries` or the file writes
 * (2: no cash-float pair; 3: discounts net or gross, no offered pair; 4: the piece is the
 * establishment's daily closure number; 5: avoirs; 6: the cash journal; 7: the analytic section in mode 2; 8: float changes on the cash-float pair; 9: money held for
 * customers on the advances received, 4191 — issue 30).
 */
const ENTRY_RULES = 9;

/**
 * What a kept day's text depends on besides its figures (migration 025): the entry rules, the
 * configuration, the establishment's name, the mode, the format and the customer accounts' names
 * version.
 */
const keyOf = (scope: KeptScope, names: string): KeptKey => ({
  companyId: scope.company.id,
  format: scope.format,
  mode: scope.context.mode,
  setupHash: crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        ENTRY_RULES,
        scope.setup,
        scope.context.companyName,
        scope.context.mode,
        scope.format,
        names,
      ]),
    )
    .digest('hex'),
});

/** The calendar months' parts of a period, in order. */
function monthsOf(period: { startDay: string; endDay: string }) {
  const months: { month: string; first: string; last: string }[] = [];
  for (let day = period.startDay; day <= period.endDay; day = addCalendarDays(calendarMonthEnd(day), 1)) {
    const last = calendarMonthEnd(day);
    months.push({
      month: calendarMonthStart(day),
      first: day,
      last: last < period.endDay ? last : period.endDay,
    });
  }
  return months;
}

/** The cache of the accounting files; without `files`, kept days only. */
export function accountingCache(db: Db, files?: FileStorage): AccountingCache {
  return {
    async *read(scope, period, options) {
      const { names, months } = await repo.monthRows(
        db,
        { companyId: scope.company.id, format: scope.format, mode: scope.context.mode },
        scope.company.accountId,
        period.startDay,
        period.endDay,
      );
      const key = keyOf(scope, names);
      const usable = (row: MonthRow | undefined): row is MonthRow =>
        row !== undefined && row.current && row.setupHash === key.setupHash;
      for (const part of monthsOf(period)) {
        const row = months.get(part.month);
        const covering = usable(row) && row.firstDay <= part.first && part.last <= row.lastDay;
        const file = files && covering ? await readMonthFile(files, row!.fileKey) : null;
        // Kept as one file unless its good kept file was read, or another good one holds more days.
        const packable =
          files !== undefined &&
          !(
            usable(row) &&
            (covering
              ? file !== null
              : countDays(row.firstDay, row.lastDay) > countDays(part.first, part.last))
          );
        yield {
          ...part,
          file,
          scope,
          names,
          packable,
          days: () => repo.versionedDays(db, key, part.first, part.last, options.movements || packable),
        };
      }
    },

    async keep(month, texts, computed) {
      if (computed) await repo.keepDays(db, keyOf(month.scope, computed.names), computed.days);
      // A file holds texts of one names version: the one the month was read at.
      if (computed && computed.names !== month.names) return;
      if (!files || !month.packable || texts.length === 0) return;
      await keepMonthFile(db, files, keyOf(month.scope, month.names), month, texts);
    },

    async forget() {
      await repo.forgetKeptRows(db);
      if (files) await files.removeFolder(MONTHS_DIR);
    },
  };
}

/**
 * Reads a kept month; null when its file is gone or not what a kept month holds (it is computed
 * again). A kept month is about 100 kB: read at once (one chunk of the PostgreSQL file store). The file holds an index line
 * (per day: its date, entry count, line count and byte length), a movements line (per day: what an
 * export records), then the days' texts as UTF-8.
 */
async function readMonthFile(files: FileStorage, fileKey: string): Promise<MonthFile | null> {
  let content: Buffer;
  try {
    content = await files.get(fileKey);
  } catch {
    return null;
  }
  const indexEnd = content.indexOf(0x0a);
  const movementsEnd = indexEnd < 0 ? -1 : content.indexOf(0x0a, indexEnd + 1);
  if (movementsEnd < 0) return null;
  let index: [string, number, number, number][];
  try {
    index = JSON.parse(content.toString('utf8', 0, indexEnd)) as typeof index;
  } catch {
    return null;
  }
  const days: FileDay[] = [];
  let at = movementsEnd + 1;
  for (const [day, entryCount, lineCount, length] of index) {
    days.push({ day, entryCount, lineCount, start: at, end: at + length });
    at += length;
  }
  if (at !== content.length) return null;
  return {
    days,
    data: content,
    movements: () => JSON.parse(content.toString('utf8', indexEnd + 1, movementsEnd)) as ExportedMovement[][],
  };
}

/**
 * Keeps the texts of a month's part (every day of it holding figures, each with the version its text
 * was computed at) in one file and records it as the month's kept file, replacing the previous one.
 */
async function keepMonthFile(
  db: Db,
  files: FileStorage,
  key: KeptKey,
  month: Pick<KeptMonth, 'month' | 'first' | 'last'>,
  days: KeptText[],
): Promise<void> {
  const bodies = days.map((d) => Buffer.from(d.body, 'utf8'));
  const head = Buffer.from(
    `${JSON.stringify(days.map((d, i) => [d.day, d.entryCount, d.lineCount, bodies[i]!.length]))}\n${JSON.stringify(days.map((d) => d.movements))}\n`,
  );
  const content = Buffer.concat([head, ...bodies]);
  const digest = crypto.createHash('sha256').update(content).digest('hex').slice(0, 32);
  const fileKey = `${MONTHS_DIR}/${key.companyId}/${key.format}-${key.mode}-${month.month}-${digest}.txt`;
  await files.put(fileKey, content);
  const versionSum = days.reduce((sum, d) => sum + BigInt(d.version), 0n).toString();
  const previous = await repo.keepMonthRow(
    db,
    key,
    { month: month.month, firstDay: month.first, lastDay: month.last },
    { fileKey, dayCount: days.length, versionSum },
  );
  if (previous && previous !== fileKey) await files.remove(previous);
}
