import type { Generated, Selectable } from 'kysely';
import type { Timestamp, JsonWithDefault, WithDefault } from './columns';

export type ExportKind =
  | 'cashing'
  | 'closing'
  | 'customers_all'
  | 'customers_unpaid'
  | 'customer_history'
  | 'sales_lines'
  | 'payment_product_lines'
  | 'fec'
  | 'accounting_csv';
export type ExportStatus = 'queued' | 'running' | 'done' | 'empty' | 'failed';

export interface ExportTable {
  id: Generated<string>;
  account_id: string;
  company_ids: JsonWithDefault<string[]>;
  kind: ExportKind;
  status: WithDefault<ExportStatus>;
  requested_by: string | null;
  /** Where the file is sent. */
  email: string | null;
  period_start: Timestamp;
  period_end: Timestamp;
  params: JsonWithDefault<Record<string, unknown>>;
  job_id: number | null;
  /** Key in the file storage. */
  file_key: string | null;
  row_count: number | null;
  error: string | null;
  /** Migration 038: the mail that carries the file or its link, in `mail_outbox`. */
  mail_id: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
export type ExportRow = Selectable<ExportTable>;

/** Exports and their files (`modules/data-export`, the mailed exports). */
export interface ExportTables {
  exports: ExportTable;
}
