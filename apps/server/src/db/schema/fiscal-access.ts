import type { Generated, Selectable } from 'kysely';
import type { Timestamp, WithDefault } from './columns';

export type FiscalAccessExpireType = '1week' | '2week' | '1month' | '2month';
export type FiscalAccessStatus = 'pending' | 'validated' | 'refused';

/** A tax inspector's access request: the asker is the inspector, the customer the account's owner. */
export interface FiscalAccessRequestTable {
  id: Generated<string>;
  account_id: string;
  requested_by: string | null;
  asker_email: string;
  customer_email: string;
  expire_type: FiscalAccessExpireType;
  status: WithDefault<FiscalAccessStatus>;
  /** Hash of the token mailed to the inspector once the request is validated. */
  token_hash: string | null;
  validated_by: string | null;
  decided_at: Timestamp | null;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}
export type FiscalAccessRequestRow = Selectable<FiscalAccessRequestTable>;

/** Requests for a tax inspector's access (`modules/fiscal-access`). */
export interface FiscalAccessTables {
  fiscal_access_requests: FiscalAccessRequestTable;
}
