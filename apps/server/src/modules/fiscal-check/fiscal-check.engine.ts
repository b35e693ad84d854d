import type {
  RecordKind,
  SignatureChainScope,
  SignatureDefectCode,
  SignatureDefectDetails,
  SignedRecord,
} from '@comptoir/contracts';
import { encodeStoredRecord } from '@comptoir/fiscal';
import type { Db } from '../../db/database';
import type { JobRow } from '../../db/schema/backoffice';
import { addDays, parisDay } from '../../platform/dates';
import {
  encodeChainHead,
  encodeJetEvent,
  encodeRegisterChainHead,
  JET_EVENTS,
  recordJetEvent,
} from '../../platform/jet';
import type { JobContext } from '../../platform/jobs';
import type { ServerKey } from '../../platform/server-key';
import { mapRecord, type PosRows } from '../pos/pos.mapping';
import { storedRowDigests } from '../pos/pos.repository';
import { encodeRecordSeal, SEALED_TABLES } from '../pos/pos.seal';
import { encodeServerClosure } from '../server-closures/server-closures.encoding';
import { computeServerClosureTotalsMany } from '../server-closures/server-closures.service';
import {
  chainName,
  fieldLabel,
  formatValue,
  KIND_LABELS,
  OF_KIND,
  TABLE_LABELS,
} from './fiscal-check.messages';
import { VerifyPool, type VerifyItem } from './fiscal-check.pool';
import * as repo from './fiscal-check.repository';
import type { ChainRecord } from './fiscal-check.repository';

export const SIGNATURE_CHECK_QUEUE = 'signature-check';
/** Records read, verified and sealed-checked together. */
const PAGE = 500;
/**
 * Every chain is read in this many slices of its range, slice 1 of all chains first: the kinds
 * (heavy orders, light closures) stay mixed all along, so the rate so far predicts the rest.
 */
const SLICES = 20;
/**
 * Pages whose signatures the worker threads may still be verifying while the next ones are read:
 * enough that a slice of small pages (closures, services) never leaves the threads idle.
 */
const MAX_IN_FLIGHT = 16;
/** Steps (a chain's slice) whose first page is asked of the database before their turn. */
const READ_AHEAD = 3;

export interface SignatureCheckPayload {
  accountId: string;
  /** The companies the caller may read; the check never leaves them. */
  companyIds: string[];
  startDay: string;
  endDay: string;
  registerId?: string | null;
  lastSignatures?: { kind: string; seq: number; sig: string }[];
}

/** What `GET /api/check/jobs/:id` needs for its estimate while the job runs (kept in `jobs.result`). */
export interface CheckProgress {
  done: number;
  total: number;
  elapsedMs: number;
  /** ISO instant of this report. */
  at: string;
  /**
   * Records checked per second over the last seconds of checking (the setup before the first page
   * left out): what the time left is computed from. Null before half a second of it.
   */
  rate?: number | null;
}

/** The rate behind the estimate is measured over about this long. */
const RATE_WINDOW_MS = 4000;

export interface CheckResult {
  startDay: string;
  endDay: string;
  checkedRecords: number;
  defects: number;
  seconds: number;
}

interface Defect {
  scope: SignatureChainScope;
  code: SignatureDefectCode;
  companyId: string | null;
  registerId: string | null;
  recordKind: string;
  recordId: string | null;
  seq: number | null;
  businessDay: string | null;
  serviceId: string | null;
  details: SignatureDefectDetails;
  message: string;
}

interface RegisterInfo {
  name: string;
  companyId: string;
  publicKey: string;
}

/** Where the check stands on one (register, kind) chain. */
interface ChainState {
  registerId: string;
  kind: string;
  reg: RegisterInfo;
  keyIdx: number;
  /** First and last sequence numbers of the range; `from` is the record before, for the first link. */
  minSeq: number;
  maxSeq: number;
  from: number;
  to: number;
  /** The range reaches the last stored record: the signed head is checked too. */
  reachesEnd: boolean;
  cursor: number;
  expected: number;
  prev: { seq: number; sig: string } | null;
  last: ChainRecord | null;
}

/** Why a record's stored rows are compared one by one with what it signed. */
type Recheck = 'unsealed' | 'seal' | 'digest';

/** A value in one comparable form: instants as ISO, numeric strings as numbers, JSON as canonical-ish text. */
function norm(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
      const d = new Date(value);
      if (!Number.isNaN(d.getTime())) return d.toISOString();
    }
    if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    if (value.startsWith('[') || value.startsWith('{')) {
      try {
        return stable(JSON.parse(value));
      } catch {
        return value;
      }
    }
    return value;
  }
  if (typeof value === 'object') return stable(value);
  return value;
}

/** JSON with keys sorted at every level: jsonb does not keep the signed order of keys. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

class Checker {
  readonly defects: Defect[] = [];
  checked = 0;
  total = 0;
  private lastReport = 0;
  private readonly started = Date.now();
  private readonly pool = new VerifyPool(2);
  private registers = new Map<string, RegisterInfo>();
  private readonly keys: string[] = [];
  private readonly keyIndex = new Map<string, number>();
  private readonly inFlight: Promise<void>[] = [];
  private readonly scope: repo.CheckScope;
  /**
   * (instant, records done) points of the last seconds, the oldest first. The first is the first
   * page checked: the setup and the filling of the pipeline say nothing of the pace that follows.
   */
  private readonly samples: { at: number; done: number }[] = [];

  constructor(
    private readonly db: Db,
    private readonly serverKey: ServerKey,
    private readonly job: JobRow,
    private readonly jobCtx: JobContext | null,
    private readonly p: SignatureCheckPayload,
  ) {
    this.scope = {
      accountId: p.accountId,
      companyIds: p.companyIds,
      startDay: p.startDay,
      endDay: p.endDay,
      registerId: p.registerId ?? null,
    };
  }

  private key(raw: string): number {
    let i = this.keyIndex.get(raw);
    if (i === undefined) {
      i = this.keys.push(raw) - 1;
      this.keyIndex.set(raw, i);
    }
    return i;
  }

  async run(): Promise<CheckResult> {
    const isWholeAccount = !this.p.registerId;
    try {
      const regs = await repo.accountRegisters(this.db, this.p.accountId);
      this.registers = new Map(
        regs.map((r) => [r.id, { name: r.name, companyId: r.company_id, publicKey: r.public_key }]),
      );
      const chains = await this.prepareChains();
      const jet = isWholeAccount ? await this.jetRange() : null;
      // Server closures are counted as records so that the estimate holds to the end.
      const serverClosures = isWholeAccount ? await repo.countServerClosures(this.db, this.scope) : 0;
      this.total =
        chains.reduce((n, c) => n + (c.maxSeq - c.minSeq + 1), 0) + (jet?.count ?? 0) + serverClosures;

      const steps: { chain: ChainState; upto: number }[] = [];
      for (let slice = 1; slice <= SLICES; slice += 1) {
        for (const chain of chains) {
          steps.push({
            chain,
            upto: chain.from - 1 + Math.ceil(((chain.to - chain.from + 1) * slice) / SLICES),
          });
        }
      }
      // The first page of the next steps is asked for before this one is checked (a server reads
      // it meanwhile), when no step before it on the same chain is still to come.
      const firstPages = new Map<number, Promise<ChainRecord[]>>();
      for (let i = 0; i < steps.length; i += 1) {
        for (let j = i + 1; j <= i + READ_AHEAD && j < steps.length; j += 1) {
          const step = steps[j]!;
          if (steps.slice(i, j).some((s) => s.chain === step.chain)) break;
          if (!firstPages.has(j)) firstPages.set(j, this.readPage(step.chain, step.upto));
        }
        const { chain, upto } = steps[i]!;
        await this.advance(chain, upto, firstPages.get(i) ?? this.readPage(chain, upto));
        firstPages.delete(i);
      }
      // The last pages are still on the worker threads: the rest of the check runs meanwhile.
      for (const chain of chains) if (chain.reachesEnd) await this.checkRegisterHead(chain);
      if (this.p.registerId) await this.checkLastSignatures(this.p.registerId);
      if (jet) await this.checkJet(jet);
      await this.checkClosureTotals();
      if (isWholeAccount) {
        for (const companyId of this.p.companyIds) {
          await this.checkServerClosures(companyId);
          await this.checkArchives(companyId);
        }
      }
      await Promise.all(this.inFlight.splice(0));
    } finally {
      await this.pool.close();
    }
    const seconds = (Date.now() - this.started) / 1000;
    const fresh = await this.store();
    await recordJetEvent(this.db, this.serverKey, {
      accountId: this.p.accountId,
      ...JET_EVENTS.signatureCheckRun,
      details: {
        jobId: this.job.id,
        startDay: this.p.startDay,
        endDay: this.p.endDay,
        checkedRecords: this.checked,
        defects: this.defects.length,
        newDefects: fresh,
        registerId: this.p.registerId ?? null,
      },
    });
    return {
      startDay: this.p.startDay,
      endDay: this.p.endDay,
      checkedRecords: this.checked,
      defects: this.defects.length,
      seconds: Math.round(seconds * 1000) / 1000,
    };
  }

  private async progress(done: number): Promise<void> {
    this.checked += done;
    const now = Date.now();
    if (now - this.lastReport < 200) return;
    this.lastReport = now;
    const pct = this.total === 0 ? 100 : Math.min(99, (100 * this.checked) / this.total);
    this.samples.push({ at: now, done: this.checked });
    while (this.samples.length > 2 && now - this.samples[1]!.at >= RATE_WINDOW_MS) this.samples.shift();
    const since = this.samples[0]!;
    const progress: CheckProgress = {
      done: this.checked,
      total: this.total,
      elapsedMs: now - this.started,
      at: new Date(now).toISOString(),
      rate: now - since.at >= 500 ? ((this.checked - since.done) * 1000) / (now - since.at) : null,
    };
    await repo.updateJobProgress(this.db, this.job.id, progress);
    if (this.jobCtx) await this.jobCtx.reportProgress(pct);
  }

  private async prepareChains(): Promise<ChainState[]> {
    const chains: ChainState[] = [];
    for (const c of await repo.chainsInRange(this.db, this.scope)) {
      const reg = this.registers.get(c.register_id);
      if (!reg) continue;
      const lastStored = await repo.lastStoredSeq(this.db, c.register_id, c.kind);
      const reachesEnd = lastStored !== null && lastStored <= c.maxSeq;
      const from = Math.max(1, c.minSeq - 1);
      chains.push({
        registerId: c.register_id,
        kind: c.kind,
        reg,
        keyIdx: this.key(reg.publicKey),
        minSeq: c.minSeq,
        maxSeq: c.maxSeq,
        from,
        to: reachesEnd ? lastStored : c.maxSeq,
        reachesEnd,
        cursor: from - 1,
        expected: from,
        prev: null,
        last: null,
      });
    }
    return chains;
  }

  /** The page of `chain` after its cursor, up to `upto`; a failure is thrown where it is awaited. */
  private readPage(chain: ChainState, upto: number): Promise<ChainRecord[]> {
    const page = repo.chainPage(this.db, chain, chain.cursor, upto, PAGE);
    page.catch(() => undefined);
    return page;
  }

  /**
   * Checks a chain on to `upto`, from its first page: links and gaps here, signatures on the worker
   * threads (their verdicts arrive while the next pages are read), seals of the stored rows.
   */
  private async advance(chain: ChainState, upto: number, firstPage: Promise<ChainRecord[]>): Promise<void> {
    const chainText = chainName(chain.reg.name, chain.kind);
    let next: Promise<ChainRecord[]> | null = firstPage;
    while (next) {
      const rows = await next;
      chain.cursor = rows.length < PAGE ? upto : rows[rows.length - 1]!.seq;
      next = chain.cursor < upto ? this.readPage(chain, upto) : null;
      if (rows.length === 0) return;
      for (const row of rows) this.checkLink(chain, row, chainText);

      const inRange = rows.filter((r) => r.seq >= chain.minSeq);
      const items: VerifyItem[] = rows.map((r) => [
        chain.keyIdx,
        encodeStoredRecord({
          registerId: r.register_id,
          kind: r.kind,
          v: r.v,
          seq: r.seq,
          at: new Date(r.at).toISOString(),
          prev: r.prev_sig,
          dataText: r.data,
        }),
        r.sig,
      ]);
      // Signatures on the worker threads and seals in the database (a server works on them while
      // the next page is read); the page counts as checked once both are done.
      const verdicts = this.pool.verify(this.keys.slice(), items).then((ok) => {
        rows.forEach((r, i) => {
          if (ok[i]) return;
          this.defects.push({
            ...this.registerDefectBase(r, chain.reg.companyId),
            code: 'BAD_SIGNATURE',
            details: {},
            message:
              `${cap(describeRecord(r))} (${chainText}, séquence ${r.seq}) : la signature de la caisse ` +
              `ne correspond pas au contenu enregistré`,
          });
        });
      });
      const seals = this.checkSeals(chain, inRange);
      const page = Promise.all([verdicts, seals]).then(() => this.progress(inRange.length));
      page.catch(() => undefined); // awaited below or at the end of the pass, which rethrows
      this.inFlight.push(page);
      if (this.inFlight.length >= MAX_IN_FLIGHT) await this.inFlight.shift();
    }
  }

  private checkLink(chain: ChainState, row: ChainRecord, chainText: string): void {
    const { prev, expected } = chain;
    if (row.seq !== expected) {
      this.defects.push({
        ...this.registerDefectBase(row, chain.reg.companyId),
        code: 'SEQUENCE_GAP',
        details: { missingFrom: expected, missingTo: row.seq - 1 },
        message:
          `${cap(chainText)} : séquence${row.seq - 1 > expected ? `s ${expected} à ${row.seq - 1} manquantes` : ` ${expected} manquante`}` +
          ` entre la séquence ${prev ? prev.seq : expected - 1} et la séquence ${row.seq}`,
      });
    } else if (row.seq === 1 ? row.prev_sig !== null : prev !== null && row.prev_sig !== prev.sig) {
      this.defects.push({
        ...this.registerDefectBase(row, chain.reg.companyId),
        code: 'BROKEN_LINK',
        details: { expected: prev?.sig ?? null, found: row.prev_sig },
        message:
          `${cap(describeRecord(row))} (${chainText}, séquence ${row.seq}) : le lien vers la séquence ` +
          `${row.seq - 1} ne correspond pas à sa signature (attendu ${short(prev?.sig ?? null)}, trouvé ${short(row.prev_sig)})`,
      });
    }
    chain.prev = { seq: row.seq, sig: row.sig };
    chain.expected = row.seq + 1;
    chain.last = row;
  }

  /**
   * The stored rows of each record against its seal: the database's digest of them today, the
   * digest sealed at ingestion, and the server's HMAC over it. A record whose seal does not hold, or
   * that was stored before seals, has its rows compared one by one with what it signed.
   */
  private async checkSeals(chain: ChainState, rows: ChainRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const kind = chain.kind as RecordKind;
    const sealed = rows.filter((r) => r.rows_seal !== null && r.rows_digest !== null);
    const digests = await storedRowDigests(
      this.db,
      kind,
      sealed.map((r) => r.record_id),
    );
    const recheck: { row: ChainRecord; why: Recheck }[] = [];
    for (const row of rows) {
      if (row.rows_seal === null || row.rows_digest === null) {
        recheck.push({ row, why: 'unsealed' });
        continue;
      }
      const bytes = encodeRecordSeal({
        registerId: row.register_id,
        kind,
        seq: row.seq,
        sig: row.sig,
        digest: row.rows_digest,
      });
      if (!this.serverKey.checkSeal(bytes, row.rows_seal)) recheck.push({ row, why: 'seal' });
      else if (digests.get(row.record_id) !== row.rows_digest) recheck.push({ row, why: 'digest' });
    }
    if (recheck.length > 0) await this.compareRows(chain, recheck);
  }

  /** Re-maps each record as ingestion did and compares the stored rows with it, row by row. */
  private async compareRows(chain: ChainState, records: { row: ChainRecord; why: Recheck }[]): Promise<void> {
    const kind = chain.kind as RecordKind;
    const where = (r: ChainRecord) => `(caisse ${chain.reg.name}, séquence ${r.seq})`;
    const found = new Map<ChainRecord, number>();
    const expected = new Map<
      string,
      { row: Record<string, unknown>; source: ChainRecord; label: string }[]
    >();
    for (const { row: r } of records) {
      const mapped: PosRows = {};
      try {
        const data = JSON.parse(r.data) as SignedRecord['data'];
        const record = {
          kind: r.kind,
          v: r.v,
          seq: r.seq,
          prev: r.prev_sig,
          at: new Date(r.at).toISOString(),
          data,
          sig: r.sig,
        } as SignedRecord;
        mapRecord(
          mapped,
          { accountId: r.account_id, companyId: r.company_id, registerId: r.register_id, batchId: '' },
          record,
          r.business_day,
          r.data,
        );
      } catch {
        continue; // content that no longer maps was edited: its signature says so
      }
      for (const sealed of SEALED_TABLES[kind]) {
        const list = (mapped[sealed.table] ?? []) as Record<string, unknown>[];
        let bucket = expected.get(sealed.table);
        if (!bucket) expected.set(sealed.table, (bucket = []));
        list.forEach((row, i) => {
          const label =
            sealed.link === 'id'
              ? cap(describeRecord(r))
              : `${TABLE_LABELS[sealed.table]} ${i + 1} ${OF_KIND[r.kind] ?? 'de '}${describeRecord(r)}`;
          bucket.push({ row, source: r, label: `${label} ${where(r)}` });
        });
      }
    }
    const byRecordId = new Map(records.map((x) => [x.row.record_id, x.row]));
    for (const sealed of SEALED_TABLES[kind]) {
      const list = expected.get(sealed.table) ?? [];
      const stored = await repo.sealedRows(this.db, sealed, kind, [...byRecordId.keys()]);
      const storedById = new Map(stored.map((s) => [String(s.id), s]));
      const expectedIds = new Set(list.map((e) => String(e.row.id)));
      const report = (source: ChainRecord, details: SignatureDefectDetails, message: string) => {
        this.defects.push({
          ...this.registerDefectBase(source, source.company_id),
          code: 'ROW_MISMATCH',
          details,
          message,
        });
        found.set(source, (found.get(source) ?? 0) + 1);
      };
      for (const e of list) {
        const row = storedById.get(String(e.row.id));
        if (!row) {
          report(
            e.source,
            { table: sealed.table, field: 'id', expected: String(e.row.id), found: null },
            `${e.label} : ligne signée absente de la table ${sealed.table}`,
          );
          continue;
        }
        for (const field of sealed.columns) {
          const want = norm(e.row[field]);
          const got = norm(row[field]);
          if (want === got) continue;
          report(
            e.source,
            {
              table: sealed.table,
              field,
              expected: want as string | number | boolean | null,
              found: got as string | number | boolean | null,
            },
            `${e.label} : ${fieldLabel(field)} signé ${formatValue(field, want)}, trouvé ${formatValue(field, got)}`,
          );
        }
      }
      for (const row of stored) {
        if (expectedIds.has(String(row.id))) continue;
        const source = byRecordId.get(String(row[sealed.link]));
        if (!source) continue;
        report(
          source,
          { table: sealed.table, field: 'id', expected: null, found: String(row.id) },
          `${cap(describeRecord(source))} ${where(source)} : ligne ${String(row.id)} de la table ` +
            `${sealed.table} absente de l'enregistrement signé`,
        );
      }
    }
    for (const { row, why } of records) {
      if (why === 'unsealed' || found.has(row)) continue;
      this.defects.push({
        ...this.registerDefectBase(row, chain.reg.companyId),
        code: 'ROW_MISMATCH',
        details: { table: 'pos_records', field: why === 'seal' ? 'rows_seal' : 'rows_digest' },
        message:
          `${cap(describeRecord(row))} ${where(row)} : ` +
          (why === 'seal'
            ? 'le sceau du serveur sur les lignes enregistrées ne correspond pas (empreinte ou sceau modifié)'
            : 'les lignes enregistrées ne correspondent plus à leur empreinte scellée'),
      });
    }
  }

  private async checkRegisterHead(chain: ChainState): Promise<void> {
    const { registerId, kind, reg, last } = chain;
    const head = await repo.registerChainHead(this.db, registerId, kind);
    const base = {
      scope: 'register' as const,
      companyId: reg.companyId,
      registerId,
      recordKind: kind,
      recordId: last?.record_id ?? null,
      seq: head?.last_seq ?? last?.seq ?? null,
      businessDay: last?.business_day ?? null,
      serviceId: null,
    };
    const chainText = chainName(reg.name, kind);
    if (!head || !head.server_sig) {
      this.defects.push({
        ...base,
        code: 'HEAD_BAD_SIGNATURE',
        details: { lastStoredSeq: last?.seq ?? null },
        message: `${cap(chainText)} : la tête de chaîne signée par le serveur est absente`,
      });
      return;
    }
    const signed = this.serverKey.verify(
      encodeRegisterChainHead({
        accountId: head.account_id,
        companyId: head.company_id,
        registerId,
        kind,
        lastSeq: head.last_seq,
        lastSig: head.last_sig,
      }),
      head.server_sig,
    );
    if (!signed) {
      this.defects.push({
        ...base,
        code: 'HEAD_BAD_SIGNATURE',
        details: { headSeq: head.last_seq },
        message: `${cap(chainText)} : la signature serveur de la tête de chaîne (séquence ${head.last_seq}) ne correspond pas`,
      });
    }
    if (!last || head.last_seq !== last.seq || head.last_sig !== last.sig) {
      this.defects.push({
        ...base,
        code: 'HEAD_MISMATCH',
        details: { headSeq: head.last_seq, lastStoredSeq: last?.seq ?? null },
        message:
          `${cap(chainText)} : la tête signée désigne la séquence ${head.last_seq}, ` +
          (last ? `dernière séquence enregistrée ${last.seq}` : 'aucun enregistrement trouvé') +
          (last && head.last_seq > last.seq
            ? ` (séquences ${last.seq + 1} à ${head.last_seq} disparues)`
            : ''),
      });
    }
  }

  /** The register's own idea of its heads (`lastSignatures`) against the stored ones. */
  private async checkLastSignatures(registerId: string): Promise<void> {
    const reg = this.registers.get(registerId);
    if (!reg || !this.p.lastSignatures?.length) return;
    const heads = await repo.registerChainHeads(this.db, registerId);
    for (const claimed of this.p.lastSignatures) {
      const head = heads.find((h) => h.kind === claimed.kind);
      if (head && head.last_seq === claimed.seq && head.last_sig === claimed.sig) continue;
      this.defects.push({
        scope: 'register',
        code: 'HEAD_MISMATCH',
        companyId: reg.companyId,
        registerId,
        recordKind: claimed.kind,
        recordId: null,
        seq: claimed.seq,
        businessDay: null,
        serviceId: null,
        details: { headSeq: claimed.seq, lastStoredSeq: head?.last_seq ?? null, expected: claimed.sig },
        message:
          `${cap(chainName(reg.name, claimed.kind))} : la caisse annonce la séquence ${claimed.seq} ` +
          `(signature ${short(claimed.sig)}), le serveur a ` +
          (head
            ? `la séquence ${head.last_seq} (signature ${short(head.last_sig)})`
            : 'aucun enregistrement'),
      });
    }
  }

  private registerDefectBase(row: ChainRecord, companyId: string) {
    return {
      scope: 'register' as const,
      companyId,
      registerId: row.register_id,
      recordKind: row.kind,
      recordId: row.record_id,
      seq: row.seq,
      businessDay: row.business_day,
      serviceId: serviceOf(row),
    };
  }

  /** Each register closure of the range: its totals recomputed from the orders of its services. */
  private async checkClosureTotals(): Promise<void> {
    if (this.p.companyIds.length === 0) return;
    const closures = await repo.registerClosures(this.db, this.scope);
    const idsOf = (c: (typeof closures)[number]) =>
      (typeof c.service_ids === 'string' ? JSON.parse(c.service_ids) : c.service_ids) as string[];
    const perService = await repo.orderTotalsByService(this.db, [...new Set(closures.flatMap(idsOf))]);
    for (const c of closures) {
      const serviceIds = idsOf(c);
      if (serviceIds.length === 0) continue;
      const sums = { amount_total_ivat: 0, amount_total_evat: 0, amount_tax: 0 };
      for (const id of serviceIds) {
        const t = perService.get(id);
        if (!t) continue;
        sums.amount_total_ivat += t.amount_total_ivat;
        sums.amount_total_evat += t.amount_total_evat;
        sums.amount_tax += t.amount_tax;
      }
      const reg = this.registers.get(c.register_id);
      for (const field of ['amount_total_ivat', 'amount_total_evat', 'amount_tax'] as const) {
        const want = Number(sums[field]);
        const got = Number(c[field]);
        if (want === got) continue;
        this.defects.push({
          scope: 'register',
          code: 'CLOSURE_TOTAL_MISMATCH',
          companyId: c.company_id,
          registerId: c.register_id,
          recordKind: 'closure',
          recordId: c.id,
          seq: c.seq,
          businessDay: c.end_day,
          serviceId: null,
          details: { table: 'closures', field, expected: want, found: got },
          message:
            `Clôture du ${frDay(c.start_day)}${c.end_day !== c.start_day ? ` au ${frDay(c.end_day)}` : ''} ` +
            `(caisse ${reg?.name ?? c.register_id}, séquence ${c.seq}) : ${fieldLabel(field)} recalculé des commandes ` +
            `${formatValue(field, want)}, trouvé ${formatValue(field, got)}`,
        });
      }
    }
  }

  private async jetRange() {
    const range = await repo.jetSeqRange(
      this.db,
      this.p.accountId,
      parisStart(this.p.startDay),
      parisStart(addDays(this.p.endDay, 1)),
    );
    return range && { ...range, count: range.maxSeq - range.minSeq + 1 };
  }

  /** The account's JET: server signatures, links, gaps and its signed head. */
  private async checkJet(range: { minSeq: number; maxSeq: number }): Promise<void> {
    const from = Math.max(1, range.minSeq - 1);
    const events = await repo.jetEventsFrom(this.db, this.p.accountId, from);
    const serverKey = this.key(this.serverKey.publicKeyRaw);
    const ok = await this.pool.verify(
      this.keys.slice(),
      events.map((e) => [
        serverKey,
        encodeJetEvent({ ...e, details: typeof e.details === 'string' ? JSON.parse(e.details) : e.details }),
        e.sig,
      ]),
    );
    let expected = from;
    let prev: (typeof events)[number] | null = null;
    const base = (e: (typeof events)[number]) => ({
      scope: 'jet' as const,
      companyId: e.company_id,
      registerId: null,
      recordKind: 'jet_event',
      recordId: null,
      seq: e.seq,
      businessDay: parisDay(new Date(e.occurred_at)),
      serviceId: null,
    });
    events.forEach((e, i) => {
      const what = `Événement du JET n° ${e.seq} (${e.code} ${e.label}, ${new Date(e.occurred_at).toISOString()})`;
      if (!ok[i]) {
        this.defects.push({
          ...base(e),
          code: 'BAD_SIGNATURE',
          details: {},
          message: `${what} : la signature du serveur ne correspond pas au contenu enregistré`,
        });
      }
      if (e.seq !== expected) {
        this.defects.push({
          ...base(e),
          code: 'SEQUENCE_GAP',
          details: { missingFrom: expected, missingTo: e.seq - 1 },
          message: `JET : événements ${expected} à ${e.seq - 1} manquants avant l'événement n° ${e.seq}`,
        });
      } else if (prev ? e.prev_sig !== prev.sig : e.seq === 1 && e.prev_sig !== null) {
        this.defects.push({
          ...base(e),
          code: 'BROKEN_LINK',
          details: { expected: prev?.sig ?? null, found: e.prev_sig },
          message: `${what} : le lien vers l'événement n° ${e.seq - 1} ne correspond pas à sa signature`,
        });
      }
      prev = e;
      expected = e.seq + 1;
    });
    await this.progress(events.filter((e) => e.seq >= range.minSeq && e.seq <= range.maxSeq).length);
    const last = events[events.length - 1] ?? null;
    const head = await repo.serverChainHead(this.db, this.p.accountId, null, 'jet');
    if (!last) return;
    const headBase = { ...base(last), seq: head?.last_seq ?? last.seq };
    if (
      !head ||
      !this.serverKey.verify(
        encodeChainHead({
          accountId: this.p.accountId,
          companyId: null,
          kind: 'jet',
          lastSeq: head.last_seq,
          lastSig: head.last_sig,
        }),
        head.sig,
      )
    ) {
      this.defects.push({
        ...headBase,
        code: 'HEAD_BAD_SIGNATURE',
        details: { headSeq: head?.last_seq },
        message: head
          ? `JET : la signature serveur de la tête de chaîne (événement n° ${head.last_seq}) ne correspond pas`
          : 'JET : la tête de chaîne signée est absente',
      });
    } else if (head.last_seq !== last.seq || head.last_sig !== last.sig) {
      this.defects.push({
        ...headBase,
        code: 'HEAD_MISMATCH',
        details: { headSeq: head.last_seq, lastStoredSeq: last.seq },
        message: `JET : la tête signée désigne l'événement n° ${head.last_seq}, dernier événement enregistré n° ${last.seq}`,
      });
    }
  }

  /**
   * The establishment's server closures ending in the range (and the one before, for the first link):
   * server signature, links, gaps, totals recomputed from their sources, grand totals, signed head.
   */
  private async checkServerClosures(companyId: string): Promise<void> {
    const all = await repo.companyServerClosures(this.db, this.p.accountId, companyId);
    const inRange = all.filter((c) => c.end_day >= this.p.startDay && c.end_day <= this.p.endDay);
    if (inRange.length === 0) return;
    const first = inRange[0]!.seq;
    const lastInRange = inRange[inRange.length - 1]!.seq;
    const reachesEnd = lastInRange === all[all.length - 1]!.seq;
    const recomputed = await computeServerClosureTotalsMany(this.db, companyId, inRange, all);
    const grand = new Map<number, number>();
    let prev: (typeof all)[number] | null = null;
    const typeName: Record<number, string> = { 1: 'journalière', 3: 'mensuelle', 5: 'annuelle' };
    for (const c of all) {
      const expectedGrand = (grand.get(c.type) ?? 0) + Number(c.amount_total_ivat);
      grand.set(c.type, Number(c.grand_total_ivat));
      if (c.seq < first || c.seq > lastInRange) {
        prev = c;
        continue;
      }
      const what = `Clôture serveur ${typeName[c.type] ?? c.type} du ${frDay(c.start_day)}${c.end_day !== c.start_day ? ` au ${frDay(c.end_day)}` : ''} (séquence ${c.seq})`;
      const base = {
        scope: 'server_closure' as const,
        companyId,
        registerId: null,
        recordKind: 'server_closure',
        recordId: c.id,
        seq: c.seq,
        businessDay: c.end_day,
        serviceId: null,
      };
      const signedRow = {
        ...c,
        payments: typeof c.payments === 'string' ? JSON.parse(c.payments) : c.payments,
        taxes: typeof c.taxes === 'string' ? JSON.parse(c.taxes) : c.taxes,
      };
      if (!this.serverKey.verify(encodeServerClosure(signedRow), c.sig)) {
        this.defects.push({
          ...base,
          code: 'BAD_SIGNATURE',
          details: {},
          message: `${what} : la signature du serveur ne correspond pas au contenu enregistré`,
        });
      }
      const expectedSeq = prev ? prev.seq + 1 : 1;
      if (c.seq !== expectedSeq) {
        this.defects.push({
          ...base,
          code: 'SEQUENCE_GAP',
          details: { missingFrom: expectedSeq, missingTo: c.seq - 1 },
          message: `Clôtures serveur : séquences ${expectedSeq} à ${c.seq - 1} manquantes avant la séquence ${c.seq}`,
        });
      } else if (c.prev_sig !== (prev?.sig ?? null)) {
        this.defects.push({
          ...base,
          code: 'BROKEN_LINK',
          details: { expected: prev?.sig ?? null, found: c.prev_sig },
          message: `${what} : le lien vers la séquence ${c.seq - 1} ne correspond pas à sa signature`,
        });
      }
      if (expectedGrand !== Number(c.grand_total_ivat)) {
        this.defects.push({
          ...base,
          code: 'GRAND_TOTAL_MISMATCH',
          details: {
            table: 'server_closures',
            field: 'grand_total_ivat',
            expected: expectedGrand,
            found: Number(c.grand_total_ivat),
          },
          message: `${what} : grand total perpétuel attendu ${formatValue('grand_total_ivat', expectedGrand)} (précédent + période), trouvé ${formatValue('grand_total_ivat', Number(c.grand_total_ivat))}`,
        });
      }
      const totals = recomputed.get(c.id);
      if (totals) {
        for (const field of ['amount_total_ivat', 'amount_total_evat', 'amount_tax'] as const) {
          const want = Number(totals[field]);
          const got = Number(c[field]);
          if (want === got) continue;
          this.defects.push({
            ...base,
            code: 'CLOSURE_TOTAL_MISMATCH',
            details: { table: 'server_closures', field, expected: want, found: got },
            message: `${what} : ${fieldLabel(field)} recalculé ${formatValue(field, want)}, trouvé ${formatValue(field, got)}`,
          });
        }
      }
      prev = c;
      await this.progress(1);
    }
    if (reachesEnd) {
      const last = all[all.length - 1]!;
      await this.checkServerHead(companyId, 'server_closure', last.seq, last.sig, 'Clôtures serveur', {
        scope: 'server_closure',
        recordKind: 'server_closure',
        recordId: last.id,
        businessDay: last.end_day,
      });
    }
  }

  /** The establishment's archives: sequence, hash links and the signed head of their chain. */
  private async checkArchives(companyId: string): Promise<void> {
    const all = await repo.companyArchives(this.db, this.p.accountId, companyId);
    if (all.length === 0) return;
    let prev: (typeof all)[number] | null = null;
    for (const a of all) {
      const base = {
        scope: 'archive' as const,
        companyId,
        registerId: null,
        recordKind: 'archive',
        recordId: a.id,
        seq: Number(a.seq),
        businessDay: a.end_day,
        serviceId: null,
      };
      const expectedSeq = prev ? Number(prev.seq) + 1 : 1;
      if (Number(a.seq) !== expectedSeq) {
        this.defects.push({
          ...base,
          code: 'SEQUENCE_GAP',
          details: { missingFrom: expectedSeq, missingTo: Number(a.seq) - 1 },
          message: `Archives fiscales : archives ${expectedSeq} à ${Number(a.seq) - 1} manquantes avant l'archive n° ${a.seq}`,
        });
      } else if (a.prev_archive_sha256 !== (prev?.sha256 ?? null)) {
        this.defects.push({
          ...base,
          code: 'BROKEN_LINK',
          details: { expected: prev?.sha256 ?? null, found: a.prev_archive_sha256 },
          message: `Archive fiscale n° ${a.seq} : l'empreinte de l'archive précédente ne correspond pas (attendu ${short(prev?.sha256 ?? null)}, trouvé ${short(a.prev_archive_sha256)})`,
        });
      }
      prev = a;
    }
    const last = all[all.length - 1]!;
    // Archives built before their chain had a signed head have none: only a present head is checked.
    if (await repo.serverChainHead(this.db, this.p.accountId, companyId, 'archive')) {
      await this.checkServerHead(companyId, 'archive', Number(last.seq), last.sig, 'Archives fiscales', {
        scope: 'archive',
        recordKind: 'archive',
        recordId: last.id,
        businessDay: last.end_day,
      });
    }
  }

  private async checkServerHead(
    companyId: string,
    kind: 'server_closure' | 'archive',
    lastSeq: number,
    lastSig: string,
    label: string,
    where: { scope: SignatureChainScope; recordKind: string; recordId: string; businessDay: string },
  ): Promise<void> {
    const head = await repo.serverChainHead(this.db, this.p.accountId, companyId, kind);
    const base = { ...where, companyId, registerId: null, seq: head?.last_seq ?? lastSeq, serviceId: null };
    const signed =
      head &&
      this.serverKey.verify(
        encodeChainHead({
          accountId: this.p.accountId,
          companyId,
          kind,
          lastSeq: head.last_seq,
          lastSig: head.last_sig,
        }),
        head.sig,
      );
    if (!head || !signed) {
      this.defects.push({
        ...base,
        code: 'HEAD_BAD_SIGNATURE',
        details: { headSeq: head?.last_seq },
        message: head
          ? `${label} : la signature serveur de la tête de chaîne (séquence ${head.last_seq}) ne correspond pas`
          : `${label} : la tête de chaîne signée est absente`,
      });
    } else if (head.last_seq !== lastSeq || head.last_sig !== lastSig) {
      this.defects.push({
        ...base,
        code: 'HEAD_MISMATCH',
        details: { headSeq: head.last_seq, lastStoredSeq: lastSeq },
        message: `${label} : la tête signée désigne la séquence ${head.last_seq}, dernière séquence enregistrée ${lastSeq}`,
      });
    }
  }

  /**
   * Stores the defects not already stored identically (scope, chain, seq, code, wording), each with
   * its JET event in the same transaction. Answers how many were new.
   */
  private async store(): Promise<number> {
    let fresh = 0;
    for (const d of this.defects) {
      const defect: repo.NewDefect = { ...d, accountId: this.p.accountId, jobId: this.job.id };
      const stored = await this.db.transaction().execute(async (trx) => {
        if (await repo.hasSameDefect(trx, defect)) return false;
        const defectId = await repo.insertDefect(trx, defect);
        await recordJetEvent(trx, this.serverKey, {
          accountId: this.p.accountId,
          companyId: d.companyId,
          ...JET_EVENTS.integrityDefect,
          details: { defectId, code: d.code, recordKind: d.recordKind, seq: d.seq, message: d.message },
        });
        return true;
      });
      if (stored) fresh += 1;
    }
    return fresh;
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function short(sig: string | null): string {
  return sig ? `${sig.slice(0, 12)}…` : 'aucun';
}

function frDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Midnight in Paris of a day, as an instant (the JET is read by instants). */
function parisStart(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  for (const offset of [-1, -2]) {
    const at = new Date(guess.getTime() + offset * 3_600_000);
    if (parisDay(at) === day && parisDay(new Date(at.getTime() - 1)) !== day) return at;
  }
  return guess;
}

function parsedData(row: ChainRecord): Record<string, unknown> {
  try {
    return JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function serviceOf(row: ChainRecord): string | null {
  const d = parsedData(row);
  if (row.kind === 'service') return typeof d.id === 'string' ? d.id : null;
  return typeof d.serviceId === 'string' ? d.serviceId : null;
}

/** « commande n° 1042 », « service n° 12 », « clôture du 05/03/2026 »... */
function describeRecord(row: ChainRecord): string {
  const d = parsedData(row);
  const kind = KIND_LABELS[row.kind] ?? row.kind;
  if (row.kind === 'closure' && typeof d.startDay === 'string') return `clôture du ${frDay(d.startDay)}`;
  if (typeof d.number === 'number') return `${kind} n° ${d.number}`;
  return `${kind} ${row.record_id}`;
}

/** The job handler of queue `signature-check`. */
export function runSignatureCheck(
  deps: { db: Db; serverKey: ServerKey },
  job: JobRow,
  jobCtx: JobContext | null,
): Promise<CheckResult> {
  const payload = (
    typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload
  ) as SignatureCheckPayload;
  return new Checker(deps.db, deps.serverKey, job, jobCtx, payload).run();
}
