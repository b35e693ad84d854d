import type { Generated } from 'kysely';
import type { Day, JsonWithDefault, Timestamp, WithDefault } from './columns';

/** A fiscal archive (at most one year) and its verification key, chained per company. Append-only. */
export interface ArchiveTable {
  id: Generated<string>;
  account_id: string;
  company_id: string;
  kind: 'cashing' | 'closing';
  start_day: Day;
  end_day: Day;
  file_key: string;
  /** The .txt verification key. */
  key_file_key: string;
  sha256: string;
  sig: string;
  seq: number;
  prev_archive_sha256: string | null;
  export_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** One run of the fiscal file check: integrity (hash) and authenticity (signature) told apart. */
export interface FiscalFileCheckTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  user_id: string | null;
  archive_id: string | null;
  file_name: string;
  key_file_name: string;
  file_sha256: string;
  key_existing: boolean;
  is_intact: boolean;
  is_authentic: boolean;
  export_history_errors: WithDefault<number>;
  /** The answer as sent: export_date, opening_export_date, closing_export_date, isValid... */
  result: JsonWithDefault<Record<string, unknown>>;
  checked_at: Timestamp;
}

/** Fiscal archives and the checks of archive files brought back (`modules/fiscal-archives`). */
export interface FiscalArchiveTables {
  archives: ArchiveTable;
  fiscal_file_checks: FiscalFileCheckTable;
}
