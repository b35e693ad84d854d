import type {
  SupportAccount,
  SupportOutboxMail,
  SupportOutboxQuery,
  ViewAsResponse,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { findOutboxMessage } from '../../platform/mail';
import { listOutboxEntries, scheduleResend, type OutboxEntry } from '../../platform/mail-outbox';
import type { RequestContext } from '../../platform/request-context';
import { openViewAsSession } from '../auth/auth.service';
import { supportError } from './support.errors';
import * as repo from './support.repository';

/** A view-as session lasts a working day; it is not renewed beyond that. */
export const VIEW_AS_TTL_MS = 8 * 60 * 60 * 1000;
const VIEW_AS_SCOPE = 'bo-client';

function supportAccountRowToSupportAccount(row: repo.SupportAccountRow): SupportAccount {
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    holderName:
      row.holder_firstname === null ? null : `${row.holder_firstname} ${row.holder_lastname ?? ''}`.trim(),
    holderEmail: row.holder_email,
    establishmentCount: Number(row.establishment_count),
  };
}

/** Whether an account of that id exists (the publishing of a notification to one account checks it). */
export function accountExists(db: Db, accountId: string): Promise<boolean> {
  return repo.accountExists(db, accountId);
}

export async function listAccounts(db: Db): Promise<SupportAccount[]> {
  return (await repo.listAccounts(db)).map(supportAccountRowToSupportAccount);
}

/**
 * Opens a view-as-customer session for a support user: a `view_as` refresh token of its own session
 * that reads the viewed account. The portal exchanges it at `GET /api/auth/accessToken/` for
 * read-only access tokens. 404 ACCOUNT_NOT_FOUND for an unknown account.
 */
export async function openViewAs(
  db: Db,
  ctx: RequestContext,
  accountId: string,
  now: Date = new Date(),
): Promise<ViewAsResponse> {
  if (!(await repo.accountExists(db, accountId))) throw supportError('ACCOUNT_NOT_FOUND');
  const expiresAt = new Date(now.getTime() + VIEW_AS_TTL_MS);
  const token = await openViewAsSession(
    db,
    { staffUserId: ctx.userId, accountId, scope: VIEW_AS_SCOPE, expiresAt },
    now,
  );
  return {
    viewAsCustomerToken: token,
    path: `/connect-as/${token}`,
    expiresAt: expiresAt.toISOString(),
  };
}

function outboxEntryToSupportMail(row: OutboxEntry): SupportOutboxMail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.error,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    isResendable: row.status === 'failed' || row.status === 'dead',
  };
}

/** The outbox, newest first: every mail, or those that did not leave (failed or given up). */
export async function listOutbox(db: Db, query: SupportOutboxQuery): Promise<SupportOutboxMail[]> {
  const rows = await listOutboxEntries(db, {
    ...(query.filter === 'undelivered' ? { statuses: ['failed', 'dead'] as const } : {}),
    limit: query.limit,
  });
  return rows.map(outboxEntryToSupportMail);
}

/**
 * Sends a failed or dead mail again (tried at once, then for another day): 404 MAIL_NOT_FOUND,
 * 409 MAIL_NOT_RESENDABLE when it is sent, waiting or being sent.
 */
export async function resendMail(db: Db, id: string): Promise<SupportOutboxMail> {
  const row = await scheduleResend(db, id);
  if (row) return outboxEntryToSupportMail(row);
  if (!(await findOutboxMessage(db, id))) throw supportError('MAIL_NOT_FOUND');
  throw supportError('MAIL_NOT_RESENDABLE');
}
