import type { ExportMailState } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { MailStatus } from '../../db/schema/mail';
import { shownJobStatus } from '../jobs';
import { exportsWithJobAndMail } from './exports.repository';

/** What an export's list adds to its row (issue 33): an interrupted job, and its mail's state. */
export interface ExportProgress {
  /** Its worker stopped or was lost and no worker runs it yet: « interrompu, reprise en cours ». */
  isInterrupted: boolean;
  mail: ExportMailState | null;
}

/** The state of an export's mail as the user reads it. */
export function exportMailStateOf(mail: {
  status: MailStatus;
  next_attempt_at: Date | null;
}): ExportMailState {
  const nextAttemptAt = mail.next_attempt_at?.toISOString() ?? null;
  switch (mail.status) {
    case 'sent':
      return { status: 'sent', nextAttemptAt: null };
    case 'failed':
      return nextAttemptAt ? { status: 'retrying', nextAttemptAt } : { status: 'dead', nextAttemptAt: null };
    case 'dead':
      return { status: 'dead', nextAttemptAt: null };
    default:
      return { status: 'waiting', nextAttemptAt: null };
  }
}

/** The progress of each export of `ids`, by export id. */
export async function exportProgressOf(
  db: Db,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, ExportProgress>> {
  const rows = await exportsWithJobAndMail(db, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        isInterrupted:
          row.job_status !== null &&
          shownJobStatus(
            {
              status: row.job_status,
              interrupted_at: row.interrupted_at,
              lease_expires_at: row.lease_expires_at,
            },
            now,
          ) === 'interrupted',
        mail: row.mail_status
          ? exportMailStateOf({ status: row.mail_status, next_attempt_at: row.next_attempt_at })
          : null,
      },
    ]),
  );
}
