import { sql } from 'kysely';
import { canonicalize } from '@comptoir/fiscal';
import type { Db } from '../db/database';
import type { JetEventRow } from '../db/schema/jet';
import type { ServerKey } from './server-key';

/**
 * The technical events journal (JET, NF525): one chain per account of server-signed events, each
 * signature covering the previous one, with a signed head (`server_chain_heads`, kind `jet`) so that
 * a deleted tail is detected as surely as an altered event.
 *
 * The catalogue below is the one place where event codes are defined. Codes are two or three digits
 * (the table refuses anything else), grouped by family so that each family can grow in place:
 *
 * | family | codes | events |
 * |---|---|---|
 * | start-up, shutdown, version | 10-19 | 10 server started, 11 server stopped |
 * | sign-ins, rights changes | 20-29 | 21 user sign-in, 25 rights changed |
 * | closures | 30-39 | 31 daily, 33 monthly, 35 annual server closure |
 * | exports, archives | 40-49 | 40 data export, 41 fiscal archive built, 43 fiscal file checked, 45 inspector export |
 * | integrity checks and defects | 50-59 | 50 signature check run, 51 integrity defect found |
 * | tax audit | 60-69 | 61 access granted, 62 access withdrawn, 63 inspector sign-in |
 * | registers and their keys | 70-79 | 71 register enrolled, 72 register re-enrolled, 73 register key refused |
 * | partners | 80-89 | 80 key generated, 81 integration validated, 82 integration refused, 83 key regenerated, 84 connection token issued |
 *
 * A code is never reused for another meaning once released: stored events keep theirs forever.
 *
 * Refused requests (73, and 43 when the file fails its check) go through `recordJetRefusal`: one event
 * per caller, code, reason and hour, the others counted in `jet_refusal_tallies`.
 */
export const JET_EVENTS = {
  /** The server started (one event per account with registers); details: version, pid. */
  serverStarted: { code: '10', label: 'Démarrage du serveur' },
  /** The server stopped cleanly; details: version, signal. */
  serverStopped: { code: '11', label: 'Arrêt du serveur' },
  /**
   * The deployment's signing key was replaced deliberately (`SERVER_KEY_ROTATION` named the key it
   * replaces), signed with the new key; details: previousFingerprint, fingerprint, version, pid.
   */
  serverKeyRotated: { code: '12', label: 'Changement de la clé de signature du serveur' },
  /** A user signed in to the portal; details: email, sessionId, ip. */
  userSignIn: { code: '21', label: "Connexion d'un utilisateur" },
  /** A user's groups, services or role changed; details: targetUserId, before, after. */
  rightsChanged: { code: '25', label: "Modification des droits d'un utilisateur" },
  /** The server closed an establishment's business day; details: closureId, day, seq, totals. */
  serverDailyClosure: { code: '31', label: 'Clôture journalière' },
  /** The server closed an establishment's month; details: closureId, startDay, endDay, seq, totals. */
  serverMonthlyClosure: { code: '33', label: 'Clôture mensuelle' },
  /** The server closed an establishment's year; details: closureId, startDay, endDay, seq, totals. */
  serverAnnualClosure: { code: '35', label: 'Clôture annuelle' },
  /** A data export (FEC, tables...) was produced; details: exportId, kind, startDay, endDay. */
  dataExport: { code: '40', label: 'Export de données' },
  /** The next accounting entry number was set by hand; details: from, to, unused (numbers skipped). */
  accountingCounterSet: { code: '42', label: "Modification du compteur d'écritures comptables" },
  /** A fiscal archive and its key were built; details: archiveId, kind, startDay, endDay, seq, sha256. */
  fiscalArchiveBuilt: { code: '41', label: 'Archive fiscale générée' },
  /** A fiscal archive was uploaded to the file check; details: isIntact, isAuthentic, isValid, sha256. */
  fiscalFileChecked: { code: '43', label: 'Vérification de fichier fiscal' },
  /** An inspector asked for a fiscal archive (mailed to them); details: exportId, requestId, askerEmail, kind, startDay, endDay. */
  fiscalArchiveInspectorExport: {
    code: '45',
    label: "Export d'archive fiscale par l'administration fiscale",
  },
  /** A signature check ran; details: jobId, startDay, endDay, checkedRecords, defects. */
  signatureCheckRun: { code: '50', label: 'Contrôle des signatures' },
  /** The check found a defect; details: defectId, code, recordKind, seq, message. */
  integrityDefect: { code: '51', label: "Défaut d'intégrité détecté" },
  /** Product team validated an inspector's access; details: requestId, askerEmail, expireType, expiresAt. */
  taxAuditAccessGranted: { code: '61', label: "Accès de l'administration fiscale accordé" },
  /** A granted access was withdrawn (e.g. its token could not be delivered); details: requestId, reason. */
  taxAuditAccessWithdrawn: { code: '62', label: "Accès de l'administration fiscale retiré" },
  /** An inspector opened a fiscal session; details: requestId, askerEmail, sessionId, ip. */
  taxAuditSignIn: { code: '63', label: "Connexion de l'administration fiscale" },
  /** A register was enrolled with its public key; details: registerId, serial, name, fingerprint. */
  registerEnrolled: { code: '71', label: "Enregistrement d'une caisse" },
  /** An enrolled register (same serial, same key) was given a new credential; details as 71. */
  registerReEnrolled: { code: '72', label: "Réenregistrement d'une caisse" },
  /**
   * An enrolment was refused because of its key; details: serial, name, reason (INVALID_PUBLIC_KEY,
   * REGISTER_ALREADY_ENROLLED), fingerprint of the key offered (null if malformed), registerId of the
   * register already enrolled under that serial (or null).
   */
  registerKeyRefused: { code: '73', label: 'Clé de caisse refusée' },
  /** A partner key was generated (no integration → waiting); details: partnerId, partnerCode, keyPrefix, previousStatus. */
  partnerKeyGenerated: { code: '80', label: 'Clé partenaire générée' },
  /** The partner validated the integration (callback); details: partnerId, partnerCode, keyPrefix, partnerCustomerId. */
  partnerIntegrationValidated: { code: '81', label: 'Intégration partenaire validée' },
  /** The partner refused the integration (callback); details: partnerId, partnerCode, keyPrefix, previousStatus, reason. */
  partnerIntegrationRefused: { code: '82', label: 'Intégration partenaire refusée' },
  /** A new key replaced a waiting or refused one; details as 80. */
  partnerKeyRegenerated: { code: '83', label: 'Clé partenaire régénérée' },
  /** A partner connection token was issued; details: partnerId, partnerCode, replaced. */
  partnerConnexionTokenIssued: { code: '84', label: 'Jeton de connexion partenaire émis' },
} as const satisfies Record<string, { code: string; label: string }>;

export type JetEventType = (typeof JET_EVENTS)[keyof typeof JET_EVENTS];
export type JetCode = JetEventType['code'];

/** Details are canonical JSON: strings, integers, booleans, null, arrays and objects of those. */
export type JetDetails = Record<string, unknown>;

export interface NewJetEvent {
  accountId: string;
  companyId?: string | null;
  code: JetCode;
  label: string;
  /** The user who acted, when the actor is one (an inspector is not). */
  userId?: string | null;
  details: JetDetails;
  /** Defaults to now. */
  occurredAt?: Date;
}

const JET_DOMAIN = 'comptoir/jet-event/v1\n';
const HEAD_DOMAIN = 'comptoir/chain-head/v1\n';

/** The bytes the server signs for one event (v1): a domain line, then the canonical JSON of the event. */
export function encodeJetEvent(
  event: Pick<
    JetEventRow,
    | 'account_id'
    | 'company_id'
    | 'seq'
    | 'code'
    | 'label'
    | 'user_id'
    | 'details'
    | 'occurred_at'
    | 'prev_sig'
  >,
): Buffer {
  const text = canonicalize({
    account: event.account_id,
    code: event.code,
    company: event.company_id,
    details: event.details,
    label: event.label,
    occurredAt: new Date(event.occurred_at).toISOString(),
    prevSig: event.prev_sig,
    seq: event.seq,
    user: event.user_id,
    v: 1,
  });
  return Buffer.from(JET_DOMAIN + text, 'utf8');
}

/** The bytes of a chain head: which chain, and its last link. */
export function encodeChainHead(head: {
  accountId: string;
  companyId: string | null;
  kind: 'jet' | 'server_closure' | 'archive';
  lastSeq: number;
  lastSig: string;
}): Buffer {
  const text = canonicalize({
    account: head.accountId,
    company: head.companyId,
    kind: head.kind,
    lastSeq: head.lastSeq,
    lastSig: head.lastSig,
    v: 1,
  });
  return Buffer.from(HEAD_DOMAIN + text, 'utf8');
}

const REGISTER_HEAD_DOMAIN = 'comptoir/register-chain-head/v1\n';

/** The bytes of a register chain's head, signed by the server when ingestion moves it. */
export function encodeRegisterChainHead(head: {
  accountId: string;
  companyId: string;
  registerId: string;
  kind: string;
  lastSeq: number;
  lastSig: string;
}): Buffer {
  const text = canonicalize({
    account: head.accountId,
    company: head.companyId,
    kind: head.kind,
    lastSeq: head.lastSeq,
    lastSig: head.lastSig,
    register: head.registerId,
    v: 1,
  });
  return Buffer.from(REGISTER_HEAD_DOMAIN + text, 'utf8');
}

/**
 * Appends a signed event to the account's journal and moves its signed head. Runs in the caller's
 * transaction (or one of its own): the event commits or rolls back with what it records. Events of
 * one account are serialised by a transaction-scoped advisory lock, and `(account_id, seq)` is
 * unique besides, so two events never share a sequence number.
 */
export async function recordJetEvent(db: Db, signer: ServerKey, event: NewJetEvent): Promise<JetEventRow> {
  if (!db.isTransaction) return db.transaction().execute((trx) => recordJetEvent(trx, signer, event));
  await sql`select pg_advisory_xact_lock(hashtextextended(${`jet/${event.accountId}`}, 0))`.execute(db);
  const last = await db
    .selectFrom('jet_events')
    .select(['seq', 'sig'])
    .where('account_id', '=', event.accountId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const unsigned = {
    account_id: event.accountId,
    company_id: event.companyId ?? null,
    seq: (last?.seq ?? 0) + 1,
    code: event.code,
    label: event.label,
    user_id: event.userId ?? null,
    details: event.details,
    occurred_at: event.occurredAt ?? new Date(),
    prev_sig: last?.sig ?? null,
  };
  const sig = signer.sign(encodeJetEvent(unsigned));
  const row = await db
    .insertInto('jet_events')
    .values({ ...unsigned, details: JSON.stringify(unsigned.details), sig })
    .returningAll()
    .executeTakeFirstOrThrow();
  await moveJetHead(db, signer, event.accountId, unsigned.seq, sig);
  return row;
}

const HOUR_MS = 3_600_000;

/**
 * A refusal the journal records, bounded: the first of its caller, code and reason in the hour is a
 * JET event, and every one (that first included) adds to the hour's count in `jet_refusal_tallies`.
 * A flood of refused requests thus adds one signed event an hour, and the count stays readable.
 */
export async function recordJetRefusal(
  db: Db,
  signer: ServerKey,
  event: NewJetEvent & { caller: string; reason: string },
): Promise<{ count: number }> {
  if (!db.isTransaction) return db.transaction().execute((trx) => recordJetRefusal(trx, signer, event));
  const { caller, reason, ...journaled } = event;
  const at = event.occurredAt ?? new Date();
  const tally = await db
    .insertInto('jet_refusal_tallies')
    .values({
      account_id: event.accountId,
      caller,
      code: event.code,
      reason,
      hour: new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS),
      count: 1,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['account_id', 'caller', 'code', 'reason', 'hour'])
        .doUpdateSet({ count: sql<number>`jet_refusal_tallies.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (tally.count === 1) await recordJetEvent(db, signer, { ...journaled, occurredAt: at });
  return { count: tally.count };
}

async function moveJetHead(
  db: Db,
  signer: ServerKey,
  accountId: string,
  lastSeq: number,
  lastSig: string,
): Promise<void> {
  const head = {
    last_seq: lastSeq,
    last_sig: lastSig,
    sig: signer.sign(encodeChainHead({ accountId, companyId: null, kind: 'jet', lastSeq, lastSig })),
    updated_at: new Date(),
  };
  const moved = await db
    .updateTable('server_chain_heads')
    .set(head)
    .where('account_id', '=', accountId)
    .where('company_id', 'is', null)
    .where('kind', '=', 'jet')
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) {
    await db
      .insertInto('server_chain_heads')
      .values({ account_id: accountId, company_id: null, kind: 'jet', ...head })
      .execute();
  }
}

/** The account's journal in chain order. */
export function listJetEvents(db: Db, accountId: string): Promise<JetEventRow[]> {
  return db.selectFrom('jet_events').selectAll().where('account_id', '=', accountId).orderBy('seq').execute();
}
