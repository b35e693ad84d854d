import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import type { MailAttachmentRef, MailOutboxRow } from '../db/schema/mail';
import type { Config } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files on the local disk (see FileStorage.path), read when the message is sent. */
  attachments?: MailAttachmentRef[];
  /** Where answers go, e.g. the user who sends a ticket; the sender stays ours. */
  replyTo?: string;
  /**
   * The From display name, e.g. the establishment's for a reminder; the address stays the platform's
   * (another domain's address would fail its SPF and DMARC checks).
   */
  fromName?: string;
  accountId?: string | null;
}

export interface MailResult {
  id: string;
  /**
   * stored: no SMTP configured, the message waits in the outbox for the dev mailbox;
   * sent: accepted by the SMTP server; failed: refused or unreachable, `error` says why.
   */
  status: 'stored' | 'sent' | 'failed';
  error?: string;
}

export interface Mailer {
  /**
   * Writes the message to mail_outbox, then sends it when SMTP is configured. A failed delivery does
   * not throw: it is recorded on the outbox row and returned, for the caller to tell the user.
   */
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/** What a failed delivery does: log why, take back what was kept for the mail, then refuse. */
export interface MailFailure {
  log?: { logger: Pick<FastifyBaseLogger, 'warn'>; message: string; fields?: Record<string, unknown> };
  /** Takes back what the mail was the point of (an invitation, a grant); runs before the refusal. */
  undo?: () => Promise<unknown>;
  refusal: (failed: MailResult) => Error;
}

/**
 * Sends a mail that must arrive: on a failed delivery it logs, undoes and throws `refusal`; else it
 * answers the mail's result (sent, or stored without SMTP). The one way to "send, undo if it failed".
 */
export async function sendOrUndo(
  mailer: Mailer,
  message: MailMessage,
  failure: MailFailure,
): Promise<MailResult> {
  const result = await mailer.send(message);
  if (result.status !== 'failed') return result;
  failure.log?.logger.warn(
    { ...failure.log.fields, mailId: result.id, error: result.error },
    failure.log.message,
  );
  await failure.undo?.();
  throw failure.refusal(result);
}

export type MailerConfig = Pick<Config, 'smtpUrl'> & { mailFrom?: string | undefined };

export const DEFAULT_MAIL_FROM = 'Comptoir <no-reply@comptoir.localhost>';

export function createMailer(config: MailerConfig, db: Db): Mailer {
  const from = config.mailFrom ?? DEFAULT_MAIL_FROM;
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // A request waits for the answer: fail in seconds, not nodemailer's default two minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  return {
    async send(message) {
      const attachments = message.attachments ?? [];
      const { id } = await db
        .insertInto('mail_outbox')
        .values({
          account_id: message.accountId ?? null,
          to_address: message.to,
          reply_to: message.replyTo ?? null,
          from_name: message.fromName ?? null,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: JSON.stringify(attachments),
          status: transport ? 'queued' : 'stored',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return { id, status: 'stored' };

      try {
        await transport.sendMail({
          from: message.fromName ? { name: message.fromName, address: fromAddress(from) } : from,
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments: attachments.map((a) => ({ filename: a.filename, path: a.path })),
        });
      } catch (err) {
        const error = deliveryError(err);
        await db.updateTable('mail_outbox').set({ status: 'failed', error }).where('id', '=', id).execute();
        return { id, status: 'failed', error };
      }
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: new Date(), error: null })
        .where('id', '=', id)
        .execute();
      return { id, status: 'sent' };
    },
    close() {
      transport?.close();
    },
  };
}

/** The latest messages first, for the dev mailbox page. */
export function listOutbox(db: Db, limit = 50): Promise<MailOutboxRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(Math.max(1, Math.min(limit, 500)))
    .execute();
}

/** One message of the outbox, for the dev mailbox page. */
export function findOutboxMessage(db: Db, id: string): Promise<MailOutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The address of a From header (`Comptoir <no-reply@comptoir.localhost>` or a bare address). */
function fromAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The SMTP answer or network error in one line: no stack trace is kept or shown. */
function deliveryError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]!.slice(0, 1000);
}
