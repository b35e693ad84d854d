import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  emailAddress,
  FISCAL_AUTHORITY_EMAIL_DOMAIN,
  type FiscalAccess,
  type FiscalAccessCheckRequest,
  type FiscalAccessCheckResponse,
  type FiscalAccessExpireType,
  type FiscalAccessRequestBody,
  type FiscalAccessStatus,
  type SupportFiscalAccessRequest,
} from '@comptoir/contracts';
import { sha256Hex } from '@comptoir/fiscal';
import type { Db } from '../../db/database';
import type { FiscalAccessRequestRow } from '../../db/schema/fiscal-access';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import { sendOrUndo, type Mailer, type MailMessage } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { openFiscalSession } from '../auth/auth.service';
import { fiscalAccessError } from './fiscal-access.errors';
import {
  accessGrantedInspectorMail,
  accessGrantedOwnerMail,
  accessRefusedOwnerMail,
  requestWaitingMail,
} from './fiscal-access.mails';
import * as repo from './fiscal-access.repository';

/** What the fiscal-access rules need from the app. */
export interface FiscalAccessDeps {
  db: Db;
  serverKey: ServerKey;
  mailer: Mailer;
  publicUrl: string;
  jwtSecret: Uint8Array;
  log: FastifyBaseLogger;
}

const AUTHORITY_SUFFIX = `@${FISCAL_AUTHORITY_EMAIL_DOMAIN}`;

/** How long each choice of spec 2 §9 opens the access, from the validation. */
const DURATIONS: Record<FiscalAccessExpireType, { days: number; months: number }> = {
  '1week': { days: 7, months: 0 },
  '2week': { days: 14, months: 0 },
  '1month': { days: 0, months: 1 },
  '2month': { days: 0, months: 2 },
};

/** The end of an access validated at `from`; a month later on the 31st is the month's last day. */
export function accessEnd(expireType: FiscalAccessExpireType, from: Date): Date {
  const { days, months } = DURATIONS[expireType];
  const end = new Date(from.getTime() + days * 86_400_000);
  if (months === 0) return end;
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The inspector's address: on the tax administration's domain (400 ASKER_EMAIL_DOMAIN), a local part
 * without "@" (400 ASKER_EMAIL_AT_SIGN, spec 2 §5), a valid address (400 INVALID_ASKER_EMAIL). The
 * domain comes back in lower case, the local part as typed.
 */
export function checkAskerEmail(address: string): string {
  const trimmed = address.trim();
  if (!trimmed.toLowerCase().endsWith(AUTHORITY_SUFFIX)) throw fiscalAccessError('ASKER_EMAIL_DOMAIN');
  const localPart = trimmed.slice(0, -AUTHORITY_SUFFIX.length);
  if (localPart.includes('@')) throw fiscalAccessError('ASKER_EMAIL_AT_SIGN');
  const email = localPart + AUTHORITY_SUFFIX;
  if (localPart === '' || !emailAddress.safeParse(email).success) {
    throw fiscalAccessError('INVALID_ASKER_EMAIL');
  }
  return email;
}

/**
 * Only the account's own users ask, in their own session: the holder, or a sub-user with the
 * fiscal_administration service (checked by the route's service guard). 403 otherwise.
 */
export function assertMayRequestAccess(ctx: RequestContext): void {
  if (ctx.kind !== 'user' || (ctx.role !== 'holder' && ctx.role !== 'sub_user')) {
    throw fiscalAccessError('FISCAL_ACCESS_FORBIDDEN');
  }
}

function statusOf(row: FiscalAccessRequestRow, now: Date): FiscalAccessStatus {
  if (row.status === 'validated' && row.expires_at !== null && new Date(row.expires_at) <= now) {
    return 'expired';
  }
  return row.status;
}

const iso = (at: Date | null): string | null => (at === null ? null : new Date(at).toISOString());

export function requestRowToFiscalAccess(row: FiscalAccessRequestRow, now: Date = new Date()): FiscalAccess {
  return {
    id: row.id,
    askerEmail: row.asker_email,
    customerEmail: row.customer_email,
    expireType: row.expire_type,
    status: statusOf(row, now),
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
  };
}

function supportRowToSupportRequest(
  row: repo.SupportRequestRow,
  now: Date = new Date(),
): SupportFiscalAccessRequest {
  const requestedByName =
    row.requester_firstname === null
      ? null
      : `${row.requester_firstname} ${row.requester_lastname ?? ''}`.trim();
  return {
    ...requestRowToFiscalAccess(row, now),
    accountId: row.account_id,
    accountName: row.account_name,
    requestedByName,
    decidedAt: iso(row.decided_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

/** Sends each mail; a delivery failure is logged and reported, never thrown. */
async function sendAll(deps: FiscalAccessDeps, mails: MailMessage[]): Promise<boolean> {
  let isDelivered = true;
  for (const mail of mails) {
    const result = await deps.mailer.send(mail);
    if (result.status === 'failed') {
      isDelivered = false;
      deps.log.warn({ mailId: result.id, error: result.error }, 'fiscal access mail not delivered');
    }
  }
  return isDelivered;
}

/**
 * Stores the owner's request and tells every support staff member that it waits. The request
 * stands even when a mail fails: the staff's list shows it. The decision is mailed to
 * `customerEmail`: it must be an active user's of the caller's account (400
 * CUSTOMER_EMAIL_NOT_IN_ACCOUNT), never any address the caller types.
 */
export async function requestAccess(
  deps: FiscalAccessDeps,
  ctx: RequestContext,
  body: FiscalAccessRequestBody,
  now: Date = new Date(),
): Promise<FiscalAccess> {
  assertMayRequestAccess(ctx);
  const askerEmail = checkAskerEmail(body.askerEmail);
  const customerEmail = body.customerEmail.trim().toLowerCase();
  if (!emailAddress.safeParse(customerEmail).success) throw fiscalAccessError('INVALID_CUSTOMER_EMAIL');
  if (!(await repo.isActiveUserEmail(deps.db, ctx.accountId, customerEmail))) {
    throw fiscalAccessError('CUSTOMER_EMAIL_NOT_IN_ACCOUNT');
  }
  const row = await repo.insertRequest(deps.db, {
    account_id: ctx.accountId,
    requested_by: ctx.userId,
    asker_email: askerEmail,
    customer_email: customerEmail,
    expire_type: body.expireType,
    created_at: now,
  });
  const accountName = (await repo.findAccountName(deps.db, ctx.accountId)) ?? '';
  const staff = await repo.listStaffEmails(deps.db);
  await sendAll(
    deps,
    staff.map((to) => requestWaitingMail(deps.publicUrl, row, accountName, to)),
  );
  return requestRowToFiscalAccess(row, now);
}

export async function listRequests(db: Db, now: Date = new Date()): Promise<SupportFiscalAccessRequest[]> {
  return (await repo.listSupportRequests(db)).map((row) => supportRowToSupportRequest(row, now));
}

async function supportRequest(db: Db, id: string, now: Date): Promise<SupportFiscalAccessRequest> {
  const row = await repo.findSupportRequest(db, id);
  if (!row) throw fiscalAccessError('REQUEST_NOT_FOUND');
  return supportRowToSupportRequest(row, now);
}

/** 32 random bytes for the inspector; only their SHA-256 is stored. */
function newAccessToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}

type GrantedRow = FiscalAccessRequestRow & { expires_at: Date };

/**
 * Validates a pending request (404 REQUEST_NOT_FOUND, 409 ALREADY_DECIDED): a new token, the access
 * open until now + the chosen duration, a JET "access granted" event, all in one transaction. The
 * token then goes to the inspector; if that mail fails, the grant is withdrawn (JET event too) and
 * the request waits again (502 MAIL_NOT_SENT). The owner is told last.
 */
export async function validateRequest(
  deps: FiscalAccessDeps,
  ctx: RequestContext,
  id: string,
  now: Date = new Date(),
): Promise<SupportFiscalAccessRequest> {
  const { token, hash } = newAccessToken();
  const granted = await deps.db.transaction().execute(async (trx) => {
    const pending = await repo.findRequest(trx, id);
    if (!pending) throw fiscalAccessError('REQUEST_NOT_FOUND');
    const expiresAt = accessEnd(pending.expire_type, now);
    const row = await repo.decidePendingRequest(trx, id, {
      status: 'validated',
      token_hash: hash,
      validated_by: ctx.userId,
      decided_at: now,
      expires_at: expiresAt,
    });
    if (!row) throw fiscalAccessError('ALREADY_DECIDED');
    await recordJetEvent(trx, deps.serverKey, {
      ...JET_EVENTS.taxAuditAccessGranted,
      accountId: row.account_id,
      userId: ctx.userId,
      occurredAt: now,
      details: {
        requestId: row.id,
        askerEmail: row.asker_email,
        expireType: row.expire_type,
        expiresAt: expiresAt.toISOString(),
      },
    });
    return { ...row, expires_at: expiresAt } satisfies GrantedRow;
  });

  const accountName = (await repo.findAccountName(deps.db, granted.account_id)) ?? '';
  await sendOrUndo(deps.mailer, accessGrantedInspectorMail(deps.publicUrl, granted, accountName, token), {
    log: { logger: deps.log, message: 'fiscal access mail not delivered' },
    undo: () => withdrawGrant(deps, ctx, granted, hash, 'token_mail_not_delivered'),
    refusal: () => fiscalAccessError('MAIL_NOT_SENT'),
  });
  await sendAll(deps, [accessGrantedOwnerMail(granted, accountName)]);
  return supportRequest(deps.db, id, now);
}

async function withdrawGrant(
  deps: FiscalAccessDeps,
  ctx: RequestContext,
  granted: GrantedRow,
  tokenHash: string,
  reason: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.reopenValidatedRequest(trx, granted.id, tokenHash))) return;
    await recordJetEvent(trx, deps.serverKey, {
      ...JET_EVENTS.taxAuditAccessWithdrawn,
      accountId: granted.account_id,
      userId: ctx.userId,
      details: { requestId: granted.id, reason },
    });
  });
}

/** Refuses a pending request (404 / 409 as above) and tells the owner. */
export async function refuseRequest(
  deps: FiscalAccessDeps,
  ctx: RequestContext,
  id: string,
  now: Date = new Date(),
): Promise<SupportFiscalAccessRequest> {
  const refused = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.findRequest(trx, id))) throw fiscalAccessError('REQUEST_NOT_FOUND');
    const row = await repo.decidePendingRequest(trx, id, {
      status: 'refused',
      validated_by: ctx.userId,
      decided_at: now,
    });
    if (!row) throw fiscalAccessError('ALREADY_DECIDED');
    return row;
  });
  const accountName = (await repo.findAccountName(deps.db, refused.account_id)) ?? '';
  await sendAll(deps, [accessRefusedOwnerMail(refused, accountName)]);
  return supportRequest(deps.db, id, now);
}

/**
 * The inspector's sign-in: a validated, unexpired access whose token and e-mail both match opens a
 * fiscal session on its account that ends with the access; anything else is 401
 * FISCAL_ACCESS_REFUSED, without saying which part was wrong. Records the JET sign-in event and
 * `last_used_at`.
 */
export async function checkAccess(
  deps: FiscalAccessDeps,
  input: FiscalAccessCheckRequest,
  now: Date = new Date(),
): Promise<{ answer: FiscalAccessCheckResponse; requestId: string; accountId: string; sessionId: string }> {
  const row = await repo.findRequestByTokenHash(deps.db, sha256Hex(input.token.trim()));
  const isLive =
    row !== undefined &&
    row.status === 'validated' &&
    row.expires_at !== null &&
    new Date(row.expires_at) > now &&
    row.asker_email.toLowerCase() === input.askerEmail.trim().toLowerCase();
  if (!isLive) throw fiscalAccessError('FISCAL_ACCESS_REFUSED');
  const holder = await repo.findActiveHolder(deps.db, row.account_id);
  if (!holder) throw fiscalAccessError('FISCAL_ACCESS_REFUSED');
  const expiresAt = new Date(row.expires_at!);

  return deps.db.transaction().execute(async (trx) => {
    const { tokens, sessionId } = await openFiscalSession(
      trx,
      deps.jwtSecret,
      { user: holder, accountId: row.account_id, expiresAt },
      now,
    );
    await repo.markRequestUsed(trx, row.id, now);
    await recordJetEvent(trx, deps.serverKey, {
      ...JET_EVENTS.taxAuditSignIn,
      accountId: row.account_id,
      occurredAt: now,
      details: { requestId: row.id, askerEmail: row.asker_email, sessionId },
    });
    return {
      answer: {
        ...tokens,
        fiscAccess: [
          {
            askerEmail: row.asker_email,
            customerEmail: row.customer_email,
            expireType: row.expire_type,
            expiresAt: expiresAt.toISOString(),
            token: tokens.accessToken,
          },
        ],
      },
      requestId: row.id,
      accountId: row.account_id,
      sessionId,
    };
  });
}
