import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

export type CustomerAccountOptionKey =
  | 'customer_account'
  | 'ca_auto_disable'
  | 'ca_no_up_amount'
  | 'ca_no_negative'
  | 'ca_no_us_ticket'
  | 'ca_auto_disabled'
  | 'ca_auto_email_new_tk'
  | 'ca_floor_exc_payment'
  | 'bic'
  | 'iban'
  | 'ca_alert_email'
  | 'ca_alert_default_balance'
  | 'ca_label_without_details'
  | 'ca_dunning_sender_name'
  | 'ca_dunning_reply_to';

/** Switches hold '1' or '0'; company_id null is the account-wide value. */
export interface CustomerAccountOptionTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  key: CustomerAccountOptionKey;
  value: string;
  updated_at: Timestamp;
}

/** One reminder mailed to a debtor (issue 31, item 26); company_id null: all the sender's establishments. */
export interface CustomerDunningSendTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  customer_account_id: string;
  user_id: string;
  sent_at: Generated<Date>;
  to_address: string;
  subject: string;
  owed_cents: number;
  notes_count: number;
  status: 'sent' | 'failed';
  mail_outbox_id: string | null;
}

/** Customer-account options and reminders mailed (`modules/customer-accounts`). */
export interface CustomerAccountTables {
  customer_account_options: CustomerAccountOptionTable;
  customer_dunning_sends: CustomerDunningSendTable;
}
