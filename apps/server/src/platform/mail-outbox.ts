import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { MailOutboxRow, MailStatus } from '../db/schema/mail';
import { notifyStaff } from './account-notices';
import { MAIL_RETRY_WINDOW_MS, type Mailer, type OutboxPass } from './mail';

/**
 * The outbox's own worker (issue 33, part 3): every `OUTBOX_POLL_MS` (or when woken) it tries the
 * due mail again through `mailer.retryDue()`, on every instance (each mail goes to one); mail given
 * up on after a day tells support in their notification centre. Support's list and resend are here.
 */

export const OUTBOX_POLL_MS = 15_000;

export interface MailOutboxRunner {
  /** Tries the due mail now rather than at the next poll. */
  wake(): void;
  /** One pass now (tests, support's resend): what it did. */
  runOnce(): Promise<OutboxPass>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutboxRunner;
  }
}

/** What support staff read in their notification centre when mail is given up on. */
export function deadMailNotice(count: number) {
  return {
    type: 'error' as const,
    text: `${count === 1 ? 'Un e-mail n’a' : `${count} e-mails n’ont`} pas pu être envoyés après un jour d’essais : voir Support › File des e-mails.`,
    texts: {
      en: `${count === 1 ? 'One e-mail' : `${count} e-mails`} could not be sent after a day of tries: see Support › Mail outbox.`,
      es: `${count === 1 ? 'Un correo no se ha' : `${count} correos no se han`} podido enviar tras un día de intentos: ver Soporte › Cola de correos.`,
      ca: `${count === 1 ? 'Un correu no s’ha' : `${count} correus no s’han`} pogut enviar després d’un dia d’intents: vegeu Suport › Cua de correus.`,
    },
  };
}

/** Decorates `app.mailOutbox`, polls once the app is ready, stops before the database closes. */
export function attachMailOutbox(app: FastifyInstance, options: { pollMs?: number } = {}): MailOutboxRunner {
  const pollMs = options.pollMs ?? OUTBOX_POLL_MS;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<OutboxPass> | null = null;
  let isStopped = false;

  function runOnce(): Promise<OutboxPass> {
    // One pass at a time in this process; another instance's passes skip what this one holds.
    pass ??= retryAndAlert(app.database.db, app.mailer).finally(() => (pass = null));
    return pass;
  }

  function schedule(ms: number): void {
    if (isStopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) => app.log.error({ err }, 'mail outbox pass failed'))
        .finally(() => schedule(pollMs));
    }, ms);
  }

  const runner: MailOutboxRunner = { wake: () => schedule(0), runOnce };
  app.decorate('mailOutbox', runner);
  app.addHook('onReady', async () => schedule(pollMs));
  app.addHook('preClose', async () => {
    isStopped = true;
    if (timer) clearTimeout(timer);
    await pass?.catch(() => undefined);
  });
  return runner;
}

async function retryAndAlert(db: Db, mailer: Mailer): Promise<OutboxPass> {
  const done = await mailer.retryDue();
  if (done.dead > 0) await notifyStaff(db, deadMailNotice(done.dead));
  return done;
}

/** A line of support's outbox page. */
export type OutboxEntry = Pick<
  MailOutboxRow,
  | 'id'
  | 'account_id'
  | 'to_address'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'error'
  | 'created_at'
  | 'last_attempt_at'
  | 'next_attempt_at'
  | 'sent_at'
  | 'dead_at'
  | 'retries'
>;

/** What support's outbox shows of a mail. */
const OUTBOX_ENTRY_COLUMNS = [
  'id',
  'account_id',
  'to_address',
  'subject',
  'status',
  'attempts',
  'error',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
  'sent_at',
  'dead_at',
  'retries',
] as const;

/** Support's outbox: the latest mail first, of the given statuses (all when none). */
export function listOutboxEntries(
  db: Db,
  filter: { statuses?: readonly MailStatus[]; limit: number },
): Promise<OutboxEntry[]> {
  return db
    .selectFrom('mail_outbox')
    .select(OUTBOX_ENTRY_COLUMNS)
    .$if((filter.statuses ?? []).length > 0, (q) => q.where('status', 'in', filter.statuses!))
    .orderBy('seq', 'desc')
    .limit(filter.limit)
    .execute();
}

/**
 * Support sends a failed or dead mail again: due now, tried for another day. Returns the row, or
 * null when it is not there or not failed nor dead (sent, waiting, being sent).
 */
export async function scheduleResend(db: Db, id: string): Promise<OutboxEntry | null> {
  const row = await db
    .updateTable('mail_outbox')
    .set({
      status: 'queued',
      retries: true,
      next_attempt_at: sql<Date>`now()`,
      retry_until: sql<Date>`now() + ${MAIL_RETRY_WINDOW_MS} * interval '1 millisecond'`,
      dead_at: null,
    })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'dead'])
    .returning(OUTBOX_ENTRY_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}
