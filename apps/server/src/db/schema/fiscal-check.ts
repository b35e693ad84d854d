import type { Generated } from 'kysely';
import type { Timestamp, Day, JsonWithDefault, WithDefault } from './columns';

/** A defect found by a signature check: gap, broken link, bad signature, amount mismatch, lost tail... */
export interface SignatureCheckErrorTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  register_id: string | null;
  job_id: number | null;
  /** `client` when posted by the portal's register check (administration-fiscale/error). */
  source: WithDefault<'server' | 'client'>;
  record_kind: string;
  record_id: string | null;
  seq: number | null;
  code: string;
  business_day: Day | null;
  details: JsonWithDefault<Record<string, unknown>>;
  detected_at: Timestamp;
  /** The chain the defect is on: a register's, the server closures', the JET or the archives'. */
  scope: WithDefault<'register' | 'server_closure' | 'jet' | 'archive'>;
  /** The service (shift) the faulty record belongs to: what the errors page lists as erroneous. */
  service_id: string | null;
  /** The defect in words, in French. */
  message: WithDefault<string>;
}

/** What the signature check found (`modules/fiscal-check`). */
export interface FiscalCheckTables {
  signature_check_errors: SignatureCheckErrorTable;
}
