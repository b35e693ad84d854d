import type { Generated, Selectable } from 'kysely';
import type { Timestamp, JsonWithDefault, WithDefault } from './columns';

/**
 * stored: no SMTP configured, kept for the dev mailbox; queued: SMTP send in progress;
 * sent; failed (with `error`).
 */
export type MailStatus = 'stored' | 'queued' | 'sent' | 'failed';

export interface MailAttachmentRef {
  filename: string;
  path: string;
}

export interface MailOutboxTable {
  id: Generated<string>;
  seq: Generated<number>;
  account_id: string | null;
  to_address: string;
  reply_to: string | null;
  /** The From display name (migration 035); the address is always the platform's. */
  from_name: WithDefault<string | null>;
  subject: string;
  text: string;
  html: string | null;
  attachments: JsonWithDefault<MailAttachmentRef[]>;
  status: MailStatus;
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;

/** The mail outbox (`platform/mail.ts`). */
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
