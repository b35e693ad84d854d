import { sql } from 'kysely';
import {
  calendarMonthStart,
  type AccountingExportFormat,
  type AccountingExportMode,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportedMovement } from '../../db/schema/accounting';
import { loadDays } from './accounting-export.repository';
import type { DayData } from './fec-entries';

/**
 * The SQL of the accounting cache (`accounting-kept.store.ts`): kept days (migration 025), kept
 * months' rows (migration 026) and the days' versions they are checked against.
 */

export interface KeptDay {
  entryCount: number;
  lineCount: number;
  /** The lines, entry numbers and validation date as markers (`dayText`). */
  body: string;
  /** What the day's entries move (an export records them); empty when not asked for. */
  movements: ExportedMovement[];
}

export interface KeptKey {
  companyId: string;
  format: AccountingExportFormat;
  mode: AccountingExportMode;
  setupHash: string;
}

/** A kept month's row: which days its file holds, under which setup, and whether they changed since. */
export interface MonthRow {
  firstDay: string;
  lastDay: string;
  fileKey: string;
  setupHash: string;
  /** None of its days changed and no day was added since it was kept. */
  current: boolean;
}

/**
 * The business days from `firstDay` to `lastDay` that hold figures (those with a version: every
 * source of entries gives its day one), ascending, each with its version and its kept text when one
 * is still valid (same setup hash, computed at the day's current version), else null.
 */
export async function versionedDays(
  db: Db,
  key: KeptKey,
  firstDay: string,
  lastDay: string,
  withMovements: boolean,
): Promise<{ day: string; version: string; kept: KeptDay | null }[]> {
  // `offset 0` keeps the kept text a lookup by its whole key per day (on tables without statistics
  // the planner would otherwise scan the establishment's texts once per day).
  const rows = await sql<{
    day: string;
    version: string;
    entry_count: number | null;
    line_count: number;
    body: string;
    movements: string | null;
  }>`select v.business_day::text as day, v.version::text as version, t.entry_count, t.line_count,
        t.body, t.movements
      from accounting_day_versions v
      left join lateral (
        select entry_count, line_count, body,
               ${withMovements ? sql`movements::text` : sql`null`} as movements
          from accounting_day_texts t
         where t.company_id = ${key.companyId} and t.format = ${key.format} and t.mode = ${key.mode}
           and t.business_day = v.business_day and t.setup_hash = ${key.setupHash}
           and t.version = v.version
        offset 0) t on true
     where v.company_id = ${key.companyId} and v.business_day between ${firstDay} and ${lastDay}
     order by v.business_day`.execute(db);
  return rows.rows.map((r) => ({
    day: r.day,
    version: r.version,
    kept:
      r.entry_count === null
        ? null
        : {
            entryCount: r.entry_count,
            lineCount: r.line_count,
            body: r.body,
            movements: r.movements ? (JSON.parse(r.movements) as ExportedMovement[]) : [],
          },
  }));
}

/** The customer accounts' names version of the account (0 before any change). */
async function nameVersion(db: Db, accountId: string): Promise<string> {
  const row = await db
    .selectFrom('accounting_name_versions')
    .select('version')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return String(row?.version ?? 0);
}

/**
 * The figures of the days from `firstDay` to `lastDay` with the versions they are at: the days'
 * versions and the names version are read in the same snapshot as the figures, so that a change
 * committed meanwhile leaves what is kept from them unused.
 */
export async function loadVersionedDays(
  db: Db,
  company: { id: string; accountId: string },
  firstDay: string,
  lastDay: string,
): Promise<{ days: DayData[]; versions: Map<string, string>; nameVersion: string }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const versions = await trx
        .selectFrom('accounting_day_versions')
        .select([sql<string>`business_day::text`.as('day'), 'version'])
        .where('company_id', '=', company.id)
        .where('business_day', '>=', firstDay)
        .where('business_day', '<=', lastDay)
        .execute();
      return {
        versions: new Map(versions.map((v) => [v.day, String(v.version)])),
        nameVersion: await nameVersion(trx, company.accountId),
        days: await loadDays(trx, company.id, firstDay, lastDay),
      };
    });
}

/** Keeps (or replaces) days' texts computed at `version`s under `key`. */
export async function keepDays(
  db: Db,
  key: KeptKey,
  days: (KeptDay & { day: string; version: string })[],
): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('accounting_day_texts')
    .values(
      days.map((d) => ({
        company_id: key.companyId,
        business_day: d.day,
        format: key.format,
        mode: key.mode,
        setup_hash: key.setupHash,
        version: d.version,
        entry_count: d.entryCount,
        line_count: d.lineCount,
        body: d.body,
        movements: JSON.stringify(d.movements),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'format', 'mode', 'business_day']).doUpdateSet((eb) => ({
        setup_hash: eb.ref('excluded.setup_hash'),
        version: eb.ref('excluded.version'),
        entry_count: eb.ref('excluded.entry_count'),
        line_count: eb.ref('excluded.line_count'),
        body: eb.ref('excluded.body'),
        movements: eb.ref('excluded.movements'),
      })),
    )
    .execute();
}

/**
 * The customer names' version of the account, and the kept months of the establishment in the format
 * and mode from `firstDay`'s month to `lastDay`'s, each with its signature checked: its days holding
 * figures are as many, with the same sum of versions, as when it was kept (versions only grow: any
 * change of any of its days, or a new day, changes the sum or the count). One query.
 */
export async function monthRows(
  db: Db,
  key: Omit<KeptKey, 'setupHash'>,
  accountId: string,
  firstDay: string,
  lastDay: string,
): Promise<{ names: string; months: Map<string, MonthRow> }> {
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
  const months = new Map<string, MonthRow>();
  for (const r of rows.rows) {
    if (r.month === null) continue;
    months.set(r.month, {
      firstDay: r.first_day,
      lastDay: r.last_day,
      fileKey: r.file_key,
      setupHash: r.setup_hash,
      current: r.current,
    });
  }
  return { names: rows.rows[0]?.names ?? '0', months };
}

/**
 * Records `fileKey` as the month's kept file, holding `dayCount` days whose versions add up to
 * `versionSum`; returns the file it replaces, if any.
 */
export async function keepMonthRow(
  db: Db,
  key: KeptKey,
  range: { month: string; firstDay: string; lastDay: string },
  kept: { fileKey: string; dayCount: number; versionSum: string },
): Promise<string | undefined> {
  const { month } = range;
  const previous = await db
    .selectFrom('accounting_month_packs')
    .select('file_key')
    .where('company_id', '=', key.companyId)
    .where('format', '=', key.format)
    .where('mode', '=', key.mode)
    .where('month', '=', month)
    .executeTakeFirst();
  const values = {
    first_day: range.firstDay,
    last_day: range.lastDay,
    setup_hash: key.setupHash,
    day_count: kept.dayCount,
    version_sum: kept.versionSum,
    file_key: kept.fileKey,
  };
  await db
    .insertInto('accounting_month_packs')
    .values({ company_id: key.companyId, format: key.format, mode: key.mode, month, ...values })
    .onConflict((oc) => oc.columns(['company_id', 'format', 'mode', 'month']).doUpdateSet(values))
    .execute();
  return previous?.file_key;
}

/** Forgets every kept day and every kept month's row. */
export async function forgetKeptRows(db: Db): Promise<void> {
  await db.deleteFrom('accounting_day_texts').execute();
  await db.deleteFrom('accounting_month_packs').execute();
}
