import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MailboxMessage, MailboxMessageSummary } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { MailOutboxRow } from '../../db/schema/mail';
import type { FileStorage } from '../../platform/files';
import { findOutboxMessage, listOutbox } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import { mailboxError } from './mailbox.errors';

/** Support staff only, and only while mail stays in the outbox (no SMTP server configured). */
export function assertMailboxReadable(ctx: RequestContext, smtpUrl: string | undefined): void {
  if (ctx.role !== 'staff') throw mailboxError('STAFF_ONLY');
  if (smtpUrl) throw mailboxError('MAILBOX_DISABLED');
}

function toSummary(row: MailOutboxRow): MailboxMessageSummary {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    created_at: row.created_at.toISOString(),
    attachments: row.attachments.map((attachment, index) => ({ index, filename: attachment.filename })),
  };
}

export async function listMailbox(db: Db, limit: number): Promise<MailboxMessageSummary[]> {
  return (await listOutbox(db, limit)).map(toSummary);
}

export async function getMailboxMessage(db: Db, id: string): Promise<MailboxMessage> {
  const row = await findOutboxMessage(db, id);
  if (!row) throw mailboxError('MAIL_NOT_FOUND');
  return {
    ...toSummary(row),
    reply_to: row.reply_to,
    from_name: row.from_name,
    text: row.text,
    html: row.html,
    error: row.error,
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

export interface MailboxAttachmentFile {
  filename: string;
  contentType: string;
  size: number;
  stream: Readable;
}

/** The attachment as the message carries it: its stored file, or the path an older row recorded. */
export async function openMailboxAttachment(
  db: Db,
  files: Pick<FileStorage, 'size' | 'openReadStream'>,
  id: string,
  index: number,
): Promise<MailboxAttachmentFile> {
  const row = await findOutboxMessage(db, id);
  if (!row) throw mailboxError('MAIL_NOT_FOUND');
  const attachment = row.attachments[index];
  if (!attachment) throw mailboxError('ATTACHMENT_NOT_FOUND');
  const contentType =
    CONTENT_TYPES[path.extname(attachment.filename).toLowerCase()] ?? 'application/octet-stream';
  if ('key' in attachment) {
    try {
      const size = await files.size(attachment.key);
      return {
        filename: attachment.filename,
        contentType,
        size,
        stream: await files.openReadStream(attachment.key),
      };
    } catch {
      throw mailboxError('ATTACHMENT_NOT_FOUND');
    }
  }
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(attachment.path, 'r');
  } catch {
    throw mailboxError('ATTACHMENT_NOT_FOUND');
  }
  const { size } = await handle.stat();
  return {
    filename: attachment.filename,
    contentType,
    size,
    stream: handle.createReadStream(),
  };
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
