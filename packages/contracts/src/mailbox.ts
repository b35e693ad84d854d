import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * The dev mailbox (`/api/dev/mailbox`, support staff only): with no SMTP server configured, every
 * message the server sends stays in its outbox and can be read there, attachments included.
 */

/**
 * stored: kept for the dev mailbox (no SMTP); queued: waiting for its try; sending: being sent;
 * sent; failed: tried again later (or never, for a mail tried once); dead: given up after a day.
 */
export const mailStatus = z.enum(['stored', 'queued', 'sending', 'sent', 'failed', 'dead']);
export type MailStatus = z.infer<typeof mailStatus>;

/**
 * Where the mail of an export stands, as its list shows it (issue 33): waiting (not tried yet, or
 * kept without SMTP), sent, retrying (a try failed; the next at `nextAttemptAt`), dead (given up).
 */
export const exportMailState = z.object({
  status: z.enum(['waiting', 'sent', 'retrying', 'dead']),
  nextAttemptAt: isoDateTime.nullable(),
});
export type ExportMailState = z.infer<typeof exportMailState>;

export const mailboxAttachment = z.object({
  /** Position in the message, as in `/attachments/{index}`. */
  index: z.number().int().min(0),
  filename: z.string(),
});
export type MailboxAttachment = z.infer<typeof mailboxAttachment>;

export const mailboxMessageSummary = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: mailStatus,
  created_at: isoDateTime,
  attachments: z.array(mailboxAttachment),
});
export type MailboxMessageSummary = z.infer<typeof mailboxMessageSummary>;

export const mailboxListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** `GET /api/dev/mailbox`: the latest messages, newest first. */
export const mailboxListResponse = z.object({ messages: z.array(mailboxMessageSummary) });
export type MailboxListResponse = z.infer<typeof mailboxListResponse>;

export const mailboxMessageParams = z.object({ id: z.uuid() });

/** `GET /api/dev/mailbox/{id}`: one message with its bodies. */
export const mailboxMessage = mailboxMessageSummary.extend({
  reply_to: z.string().nullable(),
  /** The From display name when the message has its own (a reminder's establishment). */
  from_name: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  error: z.string().nullable(),
  sent_at: isoDateTime.nullable(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

/** `GET /api/dev/mailbox/{id}/attachments/{index}`: the file itself. */
export const mailboxAttachmentParams = z.object({
  id: z.uuid(),
  index: z.coerce.number().int().min(0).max(99),
});
/** The attachment's bytes, with its type and `Content-Disposition: attachment; filename...`. */
export const mailboxAttachmentFile = z.unknown().describe('The file');

export const mailboxErrorCode = z.enum([
  'STAFF_ONLY',
  'MAILBOX_DISABLED',
  'MAIL_NOT_FOUND',
  'ATTACHMENT_NOT_FOUND',
]);
export type MailboxErrorCode = z.infer<typeof mailboxErrorCode>;
