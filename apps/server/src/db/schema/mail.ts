import type { Generated, Selectable } from 'kysely';
import type { Timestamp, JsonWithDefault, WithDefault } from './columns';

/**
 * stored: no SMTP configured, kept for the dev mailbox; queued: waiting for its first try; sending:
 * a worker holds it (`lease_expires_at`); sent; failed (with `error`): tried again at
 * `next_attempt_at`, or never when that is null; dead: given up after a day of tries (migration 038).
 */
export type MailStatus = 'stored' | 'queued' | 'sending' | 'sent' | 'failed' | 'dead';

/**
 * A mail's attachment: a file of the file store by its key, read when the mail is sent (by any
 * instance); `path` on the local disk only in rows written before issue 33.
 */
export type MailAttachmentRef = { filename: string; key: string } | { filename: string; path: string };

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
  /** Migration 038: false for a mail whose sender answers its failure at once (tried once). */
  retries: WithDefault<boolean>;
  attempts: WithDefault<number>;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
  retry_until: Timestamp | null;
  lease_expires_at: Timestamp | null;
  dead_at: Timestamp | null;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;

/** The mail outbox (`platform/mail.ts`). */
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
