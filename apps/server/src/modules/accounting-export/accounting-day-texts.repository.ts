import { sql } from 'kysely';
import type { AccountingExportFormat, AccountingExportMode } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ExportedMovement } from '../../db/schema/backoffice';
import type { FileStorage } from '../../platform/files';
import { forgetMonthPacks } from './accounting-month-packs';
import { loadDays } from './accounting-export.repository';
import type { DayData } from './fec-entries';

/**
 * The accounting journal's kept days (migration 025): a business day's entries as the file writes
 * them, used only while the day's version and the file's setup hash are the ones it was computed at.
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

/** Forgets every kept day and month (at start: the code that wrote them may have changed). */
export async function forgetKeptDays(db: Db, files: FileStorage): Promise<void> {
  await db.deleteFrom('accounting_day_texts').execute();
  await forgetMonthPacks(db, files);
}

/** The customer accounts' names version of the account (0 before any change). */
export async function nameVersion(db: Db, accountId: string): Promise<string> {
  const row = await db
    .selectFrom('accounting_name_versions')
    .select('version')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return String(row?.version ?? 0);
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
