import { addCalendarDays, parseParisDateTime } from '@comptoir/contracts';
import type { JetJournalRow, JetListResponse, JetQuery } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { SERVER_VERSION } from '../../platform/version';
import { encodeJetEvent, JET_EVENTS, recordJetEvent, type JetEventType } from '../../platform/jet';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { jetError } from './jet.errors';
import { accountsWithRegisters, listJournal } from './jet.repository';

/**
 * The journal screen (spec 2, technical interventions): one page of the caller's account's events,
 * newest first, each verified with the server key and against the event before it in the chain.
 */
export async function journal(
  db: Db,
  serverKey: ServerKey,
  ctx: RequestContext,
  query: JetQuery,
): Promise<JetListResponse> {
  if (query.startDate && query.endDate && query.startDate > query.endDate) throw jetError('INVALID_PERIOD');
  const rows = await listJournal(db, {
    accountId: ctx.accountId,
    from: query.startDate ? parseParisDateTime(`${query.startDate} 00:00`)! : undefined,
    to: query.endDate ? parseParisDateTime(`${addCalendarDays(query.endDate, 1)} 00:00`)! : undefined,
    code: query.code,
    beforeSeq: query.beforeSeq,
    limit: query.limit,
  });
  return {
    rows: rows.map((row): JetJournalRow => {
      const isSigned = serverKey.verify(encodeJetEvent(row), row.sig);
      // The first event links to nothing; any other to the stored event just before it.
      const isLinked =
        row.seq === 1 ? row.prev_sig === null : row.prev_sig === (row.chain_prev_sig ?? undefined);
      const fullName = [row.firstname, row.lastname].filter(Boolean).join(' ').trim();
      return {
        seq: row.seq,
        code: row.code,
        label: row.label,
        occurredAt: new Date(row.occurred_at).toISOString(),
        companyName: row.company_name ?? null,
        userName: row.user_id ? fullName || row.email || null : null,
        details: row.details,
        signature: isSigned && isLinked ? 'ok' : 'bad',
      };
    }),
    nextBeforeSeq: rows.length === query.limit ? rows.at(-1)!.seq : null,
  };
}

/**
 * Records the server's start (10) or clean stop (11) in the journal of every account with a register:
 * those are the accounts whose fiscal data this server holds (one transaction per account).
 */
export async function recordServerLifecycle(
  db: Db,
  serverKey: ServerKey,
  event: 'started' | 'stopped',
  details: Record<string, string | number | null> = {},
): Promise<number> {
  const type = event === 'started' ? JET_EVENTS.serverStarted : JET_EVENTS.serverStopped;
  return recordServerEvent(db, serverKey, type, details);
}

/**
 * Records an event of the server itself (start, stop, key rotation) in the journal of every account
 * with a register, with the version and process that recorded it. Returns how many journals.
 */
export async function recordServerEvent(
  db: Db,
  serverKey: ServerKey,
  type: JetEventType,
  details: Record<string, string | number | null> = {},
): Promise<number> {
  const accountIds = await accountsWithRegisters(db);
  for (const accountId of accountIds) {
    await recordJetEvent(db, serverKey, {
      ...type,
      accountId,
      details: { version: SERVER_VERSION, pid: process.pid, ...details },
    });
  }
  return accountIds.length;
}
