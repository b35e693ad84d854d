import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { sql } from 'kysely';
import { calendarMonthStart } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportedMovement } from '../../db/schema/backoffice';
import type { FileStorage } from '../../platform/files';
import type { KeptKey } from './accounting-day-texts.repository';

/**
 * The journal's kept months (migration 026): a calendar month of kept days in one file of the
 * storage, so that a long period's file reads a dozen files instead of its text from the database.
 * The file holds an index line (per day: its date, entry count, line count and byte length), a
 * movements line (per day: what an export records), then the days' texts as UTF-8.
 */
const PACKS_DIR = 'accounting-kept';

export interface PackDay {
  day: string;
  entryCount: number;
  lineCount: number;
  /** The day's text: bytes `start` to `end` of the pack's `data`. */
  start: number;
  end: number;
}

export interface MonthPack {
  days: PackDay[];
  data: Buffer;
  /** Each day's movements (in the order of `days`), read when asked for. */
  movements: () => ExportedMovement[][];
}

export interface PackedDay {
  day: string;
  version: string;
  entryCount: number;
  lineCount: number;
  body: string;
  movements: ExportedMovement[];
}

/** A kept month's row: which days its file holds, under which setup, and whether they changed since. */
export interface MonthPackRow {
  firstDay: string;
  lastDay: string;
  fileKey: string;
  setupHash: string;
  /** None of its days changed and no day was added since it was kept. */
  current: boolean;
}

/**
 * The customer names' version of the account, and the kept months of the establishment in the format
 * and mode from `firstDay`'s month to `lastDay`'s, each with its signature checked: its days holding
 * figures are as many, with the same sum of versions, as when it was kept (versions only grow: any
 * change of any of its days, or a new day, changes the sum or the count). One query.
 */
export async function monthPacks(
  db: Db,
  key: Omit<KeptKey, 'setupHash'>,
  accountId: string,
  firstDay: string,
  lastDay: string,
): Promise<{ names: string; packs: Map<string, MonthPackRow> }> {
  const rows = await sql<{
    names: string;
    month: string | null;
    first_day: string;
    last_day: string;
    file_key: string;
    setup_hash: string;
    current: boolean;
  }>`
    select n.names, p.month, p.first_day, p.last_day, p.file_key, p.setup_hash, p.current
      from (select coalesce((select version from accounting_name_versions
                              where account_id = ${accountId}), 0)::text as names) n
      left join lateral (
        select p.month::text as month, p.first_day::text as first_day, p.last_day::text as last_day,
               p.file_key, p.setup_hash, v.day_count = p.day_count and v.version_sum = p.version_sum as current
          from accounting_month_packs p
          cross join lateral (
            select count(*)::int as day_count, coalesce(sum(d.version), 0) as version_sum
              from accounting_day_versions d
             where d.company_id = p.company_id and d.business_day between p.first_day and p.last_day) v
         where p.company_id = ${key.companyId} and p.format = ${key.format} and p.mode = ${key.mode}
           and p.month between ${calendarMonthStart(firstDay)} and ${calendarMonthStart(lastDay)}) p on true`.execute(
    db,
  );
  const packs = new Map<string, MonthPackRow>();
  for (const r of rows.rows) {
    if (r.month === null) continue;
    packs.set(r.month, {
      firstDay: r.first_day,
      lastDay: r.last_day,
      fileKey: r.file_key,
      setupHash: r.setup_hash,
      current: r.current,
    });
  }
  return { names: rows.rows[0]?.names ?? '0', packs };
}

/**
 * Reads a kept month; null when its file is gone or not what a pack holds (it is computed again).
 * A kept month is about 100 kB: read at once, which costs less than the round trips of a read through
 * the thread pool (twelve of them measured 1 ms against 4 ms).
 */
export function readMonthPack(files: FileStorage, fileKey: string): MonthPack | null {
  let content: Buffer;
  try {
    content = fs.readFileSync(files.path(fileKey));
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
  const days: PackDay[] = [];
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
 * Keeps the days of a month from `firstDay` to `lastDay` (every one of them holding figures, each
 * with the version its text was computed at) in one file and records it as the month's kept file,
 * replacing the previous one.
 */
export async function keepMonthPack(
  db: Db,
  files: FileStorage,
  key: KeptKey,
  range: { month: string; firstDay: string; lastDay: string },
  days: PackedDay[],
): Promise<void> {
  const { month } = range;
  const bodies = days.map((d) => Buffer.from(d.body, 'utf8'));
  const head = Buffer.from(
    `${JSON.stringify(days.map((d, i) => [d.day, d.entryCount, d.lineCount, bodies[i]!.length]))}\n${JSON.stringify(days.map((d) => d.movements))}\n`,
  );
  const content = Buffer.concat([head, ...bodies]);
  const digest = crypto.createHash('sha256').update(content).digest('hex').slice(0, 32);
  const fileKey = `${PACKS_DIR}/${key.companyId}/${key.format}-${key.mode}-${month}-${digest}.txt`;
  await files.put(fileKey, content);
  const versionSum = days.reduce((sum, d) => sum + BigInt(d.version), 0n).toString();
  const previous = await db
    .selectFrom('accounting_month_packs')
    .select('file_key')
    .where('company_id', '=', key.companyId)
    .where('format', '=', key.format)
    .where('mode', '=', key.mode)
    .where('month', '=', month)
    .executeTakeFirst();
  const kept = {
    first_day: range.firstDay,
    last_day: range.lastDay,
    setup_hash: key.setupHash,
    day_count: days.length,
    version_sum: versionSum,
    file_key: fileKey,
  };
  await db
    .insertInto('accounting_month_packs')
    .values({ company_id: key.companyId, format: key.format, mode: key.mode, month, ...kept })
    .onConflict((oc) => oc.columns(['company_id', 'format', 'mode', 'month']).doUpdateSet(kept))
    .execute();
  if (previous && previous.file_key !== fileKey) await files.remove(previous.file_key);
}

/** Forgets every kept month, rows and files (at start, with the kept days). */
export async function forgetMonthPacks(db: Db, files: FileStorage): Promise<void> {
  await db.deleteFrom('accounting_month_packs').execute();
  await fsp.rm(files.path(PACKS_DIR), { recursive: true, force: true });
}
