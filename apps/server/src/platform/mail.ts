import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import type { MailAttachmentRef, MailOutboxRow } from '../db/schema/mail';
import type { Config } from './config';
import type { FileStorage } from './files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files of the file store, by key, read when the message is sent. */
  attachments?: MailAttachmentRef[];
  /** Where answers go, e.g. the user who sends a ticket; the sender stays ours. */
  replyTo?: string;
  /**
   * The From display name, e.g. the establishment's for a reminder; the address stays the platform's
   * (another domain's address would fail its SPF and DMARC checks).
   */
  fromName?: string;
  accountId?: string | null;
  /**
   * False for a mail whose sender answers its failure at once (undoes, tells the user): it is tried
   * once. Otherwise a failed delivery is tried again with a backoff for a day (default true).
   */
  retries?: boolean;
}

export interface MailResult {
  id: string;
  /**
   * stored: no SMTP configured, the message waits in the outbox for the dev mailbox;
   * sent: accepted by the SMTP server; failed: refused or unreachable, `error` says why, tried
   * again at `nextAttemptAt` (none for a mail tried once).
   */
  status: 'stored' | 'sent' | 'failed';
  error?: string;
  nextAttemptAt?: Date | null;
}

/** What one pass over the outbox's due mail did. */
export interface OutboxPass {
  sent: number;
  failed: number;
  /** Given up on in this pass: support is told. */
  dead: number;
}

export interface Mailer {
  /**
   * Writes the message to mail_outbox, then sends it when SMTP is configured. A failed delivery does
   * not throw: it is recorded on the outbox row (to be tried again) and returned, for the caller to
   * tell the user.
   */
  send(message: MailMessage): Promise<MailResult>;
  /**
   * Tries the mail that is due again (a failed one whose backoff has passed, one left `sending` by
   * a lost process); any instance may run it, each mail goes to one. Nothing without SMTP.
   */
  retryDue(): Promise<OutboxPass>;
  close(): void;
}

/** The first retry's delay; each next one doubles, up to `MAIL_MAX_RETRY_DELAY_MS`. */
export const MAIL_FIRST_RETRY_MS = 60_000;
export const MAIL_MAX_RETRY_DELAY_MS = 4 * 3600_000;
/** How long a mail is tried (from its writing, or from support's resend) before it is dead. */
export const MAIL_RETRY_WINDOW_MS = 24 * 3600_000;
/** How long one send holds its mail: beyond it (the process died mid-send) it is tried again. */
export const MAIL_SEND_LEASE_MS = 2 * 60_000;

/** The wait after `attempts` failed tries: 1 min, 2, 4... up to 4 h. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAIL_MAX_RETRY_DELAY_MS);
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
  const result = await mailer.send({ ...message, retries: false });
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

export function createMailer(
  config: MailerConfig,
  db: Db,
  files?: Pick<FileStorage, 'openReadStream'>,
): Mailer {
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

  /** One try of a mail this process holds (`sending`); the row says how it went. */
  async function attempt(smtp: Transporter, row: MailOutboxRow): Promise<MailResult> {
    const attempts = row.attempts + 1;
    try {
      await smtp.sendMail({
        from: row.from_name ? { name: row.from_name, address: fromAddress(from) } : from,
        to: row.to_address,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        attachments: await Promise.all(row.attachments.map((a) => attachmentOf(a, files))),
      });
    } catch (err) {
      const error = deliveryError(err);
      const now = new Date();
      const retryAt = new Date(now.getTime() + mailRetryDelayMs(attempts));
      const isDead = row.retries && row.retry_until !== null && now >= row.retry_until;
      const nextAttemptAt =
        !row.retries || isDead
          ? null
          : row.retry_until && retryAt > row.retry_until
            ? row.retry_until
            : retryAt;
      await db
        .updateTable('mail_outbox')
        .set({
          status: isDead ? 'dead' : 'failed',
          error,
          attempts,
          last_attempt_at: now,
          next_attempt_at: nextAttemptAt,
          lease_expires_at: null,
          ...(isDead ? { dead_at: now } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      return { id: row.id, status: 'failed', error, nextAttemptAt };
    }
    await db
      .updateTable('mail_outbox')
      .set({
        status: 'sent',
        sent_at: new Date(),
        error: null,
        attempts,
        last_attempt_at: new Date(),
        next_attempt_at: null,
        lease_expires_at: null,
      })
      .where('id', '=', row.id)
      .execute();
    return { id: row.id, status: 'sent' };
  }

  return {
    async send(message) {
      const attachments = message.attachments ?? [];
      const retries = message.retries ?? true;
      const row = await db
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
          status: transport ? 'sending' : 'stored',
          retries,
          ...(transport
            ? {
                lease_expires_at: sql<Date>`now() + ${MAIL_SEND_LEASE_MS} * interval '1 millisecond'`,
                retry_until: sql<Date>`now() + ${MAIL_RETRY_WINDOW_MS} * interval '1 millisecond'`,
              }
            : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!transport) return { id: row.id, status: 'stored' };
      return attempt(transport, row);
    },

    async retryDue() {
      const pass: OutboxPass = { sent: 0, failed: 0, dead: 0 };
      if (!transport) return pass;
      for (;;) {
        const due = await claimDueMail(db, 10);
        if (due.length === 0) return pass;
        for (const row of due) {
          const result = await attempt(transport, row);
          if (result.status === 'sent') pass.sent += 1;
          else if (result.nextAttemptAt) pass.failed += 1;
          else pass.dead += 1;
        }
      }
    },

    close() {
      transport?.close();
    },
  };
}

/**
 * Takes up to `limit` mails due for another try for this process (SKIP LOCKED: each goes to one
 * instance), holding each for `MAIL_SEND_LEASE_MS`.
 */
async function claimDueMail(db: Db, limit: number): Promise<MailOutboxRow[]> {
  return db
    .updateTable('mail_outbox')
    .set({
      status: 'sending',
      lease_expires_at: sql<Date>`now() + ${MAIL_SEND_LEASE_MS} * interval '1 millisecond'`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', 'in', ['queued', 'failed']), w('next_attempt_at', '<=', sql<Date>`now()`)]),
            w.and([w('status', '=', 'sending'), w('lease_expires_at', '<', sql<Date>`now()`)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
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

/** What nodemailer sends for an attachment: the stored file's stream, or an older row's local path. */
async function attachmentOf(
  attachment: MailAttachmentRef,
  files: Pick<FileStorage, 'openReadStream'> | undefined,
): Promise<{ filename: string; content: Readable } | { filename: string; path: string }> {
  if ('path' in attachment) return attachment;
  if (!files) throw new Error('This mailer has no file store to read attachments from.');
  return { filename: attachment.filename, content: await files.openReadStream(attachment.key) };
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
