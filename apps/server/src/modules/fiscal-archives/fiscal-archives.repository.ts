import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ArchiveTable, FiscalFileCheckTable } from '../../db/schema/fiscal-archives';
import type { FiscalArchiveKind } from '@comptoir/contracts';
import { JET_EVENTS } from '../../platform/jet';
import type { ArchivedRecord } from './fiscal-archives.csv';

export interface RecordScope {
  companyId: string;
  kind: FiscalArchiveKind;
  /** Instants of the period, both included. */
  start: Date;
  end: Date;
}

/** cashing: every signed sales record (orders with their payments, services, movements...); closing: closures. */
function recordsOf(db: Db, scope: RecordScope) {
  return db
    .selectFrom('pos_records')
    .where('company_id', '=', scope.companyId)
    .where('kind', scope.kind === 'closing' ? '=' : '<>', 'closure')
    .where('at', '>=', scope.start)
    .where('at', '<=', scope.end);
}

export async function hasRecords(db: Db, scope: RecordScope): Promise<boolean> {
  const row = await recordsOf(db, scope).select('seq').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The records by register, kind and seq, a batch at a time (keyset paging). */
export async function* recordBatches(
  db: Db,
  scope: RecordScope,
  size = 2000,
): AsyncGenerator<ArchivedRecord[]> {
  let after: { register_id: string; kind: string; seq: number | string } | null = null;
  for (;;) {
    let query = recordsOf(db, scope)
      .select(['register_id', 'kind', 'seq', 'v', 'at', 'prev_sig', 'sig', 'data'])
      .orderBy('register_id')
      .orderBy('kind')
      .orderBy('seq')
      .limit(size);
    if (after) {
      const { register_id, kind, seq } = after;
      query = query.where(
        sql<boolean>`(register_id, kind, seq) > (${register_id}::uuid, ${kind}, ${seq}::bigint)`,
      );
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    // `data` is a text column: the canonical JSON exactly as the register signed it.
    yield rows.map((row) => ({ ...row, data: String(row.data) }));
    if (rows.length < size) return;
    after = rows[rows.length - 1]!;
  }
}

export function findCompany(db: Db, accountId: string, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'company_name'])
    .where('id', '=', companyId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Serialises the archives of one establishment until the transaction ends. */
export async function lockArchiveChain(trx: Db, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`archive/${companyId}`}, 0))`.execute(trx);
}

export function lastArchive(db: Db, companyId: string) {
  return db
    .selectFrom('archives')
    .select(['seq', 'sha256'])
    .where('company_id', '=', companyId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findArchiveByHash(db: Db, accountId: string, sha256: string) {
  return db
    .selectFrom('archives')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('sha256', '=', sha256)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

/** The archive an export has built, if it has. */
export function archiveOfExport(db: Db, exportId: string) {
  return db.selectFrom('archives').select('id').where('export_id', '=', exportId).executeTakeFirst();
}

export function insertArchive(trx: Db, values: Insertable<ArchiveTable>) {
  return trx.insertInto('archives').values(values).returning(['id', 'seq']).executeTakeFirstOrThrow();
}

export async function insertFileCheck(trx: Db, values: Insertable<FiscalFileCheckTable>): Promise<void> {
  await trx.insertInto('fiscal_file_checks').values(values).execute();
}

export async function companyName(db: Db, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('companies')
    .select('company_name')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.company_name ?? null;
}

export function findArchive(db: Db, id: string) {
  return db.selectFrom('archives').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The establishment's archives up to `seq`, in chain order. */
export function archiveChain(db: Db, companyId: string, upToSeq: number | string) {
  return db
    .selectFrom('archives')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('seq', '<=', Number(upToSeq))
    .orderBy('seq')
    .execute();
}

/** Who asked for the archive: the export's e-mail and the user's name. */
export async function archiveRequester(db: Db, exportId: string | null, userId: string | null) {
  const exported = exportId
    ? await db.selectFrom('exports').select('email').where('id', '=', exportId).executeTakeFirst()
    : undefined;
  const user = userId
    ? await db
        .selectFrom('users')
        .select(['firstname', 'lastname'])
        .where('id', '=', userId)
        .executeTakeFirst()
    : undefined;
  return {
    email: exported?.email ?? null,
    username: user ? `${user.firstname} ${user.lastname}`.trim() : null,
  };
}

/** The registers an archive's records come from, with the public keys they were enrolled with. */
export function registerKeys(db: Db, accountId: string, registerIds: readonly string[]) {
  if (registerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('registers')
    .select(['id', 'serial', 'name', 'public_key', 'enrolled_at'])
    .where('account_id', '=', accountId)
    .where('id', 'in', [...registerIds])
    .orderBy('id')
    .execute();
}

/**
 * The access an inspector's fiscal session was opened with: its sign-in event (JET 63) names the
 * session and the request. Undefined for a session no sign-in opened.
 */
export function inspectorGrant(db: Db, accountId: string, sessionId: string) {
  return db
    .selectFrom('jet_events')
    .innerJoin('fiscal_access_requests as request', (join) =>
      join.on(sql<string>`request.id::text`, '=', sql<string>`jet_events.details->>'requestId'`),
    )
    .select([
      'request.id as requestId',
      'request.asker_email as askerEmail',
      'request.status as status',
      'request.expires_at as expiresAt',
    ])
    .where('jet_events.account_id', '=', accountId)
    .where('jet_events.code', '=', JET_EVENTS.taxAuditSignIn.code)
    .where(sql<string>`jet_events.details->>'sessionId'`, '=', sessionId)
    .where('request.account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
}
