import type { SignatureChainScope, SignatureDefectCode, SignatureDefectDetails } from '@comptoir/contracts';
import { encodeStoredRecord } from '@comptoir/fiscal';
import type { SignedRecord } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { JobRow } from '../../db/schema/backoffice';
import type { PosRecordRow } from '../../db/schema/pos';
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
import { encodeServerClosure } from '../server-closures/server-closures.encoding';
import {
  computeServerClosureTotals,
  type ServerClosureKind,
} from '../server-closures/server-closures.service';
import { chainName, fieldLabel, formatValue, KIND_LABELS, TABLE_LABELS } from './fiscal-check.messages';
import { VerifyPool, type VerifyItem } from './fiscal-check.pool';

export const SIGNATURE_CHECK_QUEUE = 'signature-check';
const PAGE = 500;

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
}

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

/** Stored row columns that are not the record's fiscal content. */
const SKIPPED_COLUMNS = new Set(['account_id', 'company_id', 'batch_id', 'received_at', 'app_version']);
/** Tables derived from signed records and compared with them (tracking is checked by the fiscal screens). */
const COMPARED_TABLES = [
  'orders',
  'order_lines',
  'payment_lines',
  'receipts',
  'cash_movements',
  'credits',
  'closures',
  'services',
  'customer_operations',
  'technical_interventions',
] as const;
type ComparedTable = (typeof COMPARED_TABLES)[number];

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
  private registers = new Map<string, { name: string; companyId: string; publicKey: string }>();
  private readonly keys: string[] = [];
  private readonly keyIndex = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly serverKey: ServerKey,
    private readonly job: JobRow,
    private readonly jobCtx: JobContext | null,
    private readonly p: SignatureCheckPayload,
  ) {}

  private key(raw: string): number {
    let i = this.keyIndex.get(raw);
    if (i === undefined) {
      i = this.keys.push(raw) - 1;
      this.keyIndex.set(raw, i);
    }
    return i;
  }

  async run(): Promise<CheckResult> {
    try {
      const regs = await this.db
        .selectFrom('registers')
        .select(['id', 'name', 'company_id', 'public_key'])
        .where('account_id', '=', this.p.accountId)
        .execute();
      this.registers = new Map(
        regs.map((r) => [r.id, { name: r.name, companyId: r.company_id, publicKey: r.public_key }]),
      );
      const chains = await this.registerChains();
      const jet = this.p.registerId ? null : await this.jetRange();
      // Server closures each cost a recomputation: counted as records so that the estimate holds.
      const serverClosures =
        this.p.registerId || this.p.companyIds.length === 0
          ? 0
          : Number(
              (
                await this.db
                  .selectFrom('server_closures')
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .where('account_id', '=', this.p.accountId)
                  .where('company_id', 'in', this.p.companyIds)
                  .where('end_day', '>=', this.p.startDay)
                  .where('end_day', '<=', this.p.endDay)
                  .executeTakeFirst()
              )?.n ?? 0,
            );
      this.total =
        chains.reduce((n, c) => n + (c.maxSeq - c.minSeq + 1), 0) + (jet?.count ?? 0) + serverClosures;
      for (const chain of chains) await this.checkRegisterChain(chain);
      if (this.p.registerId) await this.checkLastSignatures(this.p.registerId);
      if (jet) await this.checkJet(jet);
      await this.checkClosureTotals();
      if (!this.p.registerId) {
        for (const companyId of this.p.companyIds) {
          await this.checkServerClosures(companyId);
          await this.checkArchives(companyId);
        }
      }
    } finally {
      await this.pool.close();
    }
    const seconds = (Date.now() - this.started) / 1000;
    const fresh = await this.store();
    const result: CheckResult = {
      startDay: this.p.startDay,
      endDay: this.p.endDay,
      checkedRecords: this.checked,
      defects: this.defects.length,
      seconds: Math.round(seconds * 1000) / 1000,
    };
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
    return result;
  }

  private async progress(done: number, force = false): Promise<void> {
    this.checked += done;
    const now = Date.now();
    if (!force && now - this.lastReport < 200) return;
    this.lastReport = now;
    const pct = this.total === 0 ? 100 : Math.min(99, (100 * this.checked) / this.total);
    const progress: CheckProgress = {
      done: this.checked,
      total: this.total,
      elapsedMs: now - this.started,
      at: new Date(now).toISOString(),
    };
    await this.db
      .updateTable('jobs')
      .set({ result: JSON.stringify({ progress }) })
      .where('id', '=', this.job.id)
      .where('status', '=', 'running')
      .execute();
    if (this.jobCtx) await this.jobCtx.reportProgress(pct);
  }

  /** Each (register, kind) with records in the range, and the sequence numbers the range spans. */
  private registerChains() {
    if (this.p.companyIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('pos_records')
      .select(['register_id', 'kind'])
      .select((eb) => [eb.fn.min<number>('seq').as('minSeq'), eb.fn.max<number>('seq').as('maxSeq')])
      .where('company_id', 'in', this.p.companyIds)
      .where('account_id', '=', this.p.accountId)
      .where('business_day', '>=', this.p.startDay)
      .where('business_day', '<=', this.p.endDay)
      .$if(!!this.p.registerId, (q) => q.where('register_id', '=', this.p.registerId!))
      .groupBy(['register_id', 'kind'])
      .orderBy('register_id')
      .orderBy('kind')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, minSeq: Number(r.minSeq), maxSeq: Number(r.maxSeq) })));
  }

  private async checkRegisterChain(chain: {
    register_id: string;
    kind: string;
    minSeq: number;
    maxSeq: number;
  }): Promise<void> {
    const reg = this.registers.get(chain.register_id);
    if (!reg) return;
    const keyIdx = this.key(reg.publicKey);
    const chainText = chainName(reg.name, chain.kind);
    const from = Math.max(1, chain.minSeq - 1);
    const lastStored = await this.db
      .selectFrom('pos_records')
      .select((eb) => eb.fn.max<number>('seq').as('seq'))
      .where('register_id', '=', chain.register_id)
      .where('kind', '=', chain.kind)
      .executeTakeFirst();
    const lastStoredSeq = lastStored?.seq == null ? null : Number(lastStored.seq);
    const reachesEnd = lastStoredSeq !== null && lastStoredSeq <= chain.maxSeq;
    const to = reachesEnd ? lastStoredSeq : chain.maxSeq;

    let prev: { seq: number; sig: string } | null = null;
    let expected = from;
    let cursor = from - 1;
    let last: PosRecordRow | null = null;
    // Pages are fetched while the previous one is verified on the worker threads.
    let pending: Promise<void> = Promise.resolve();
    for (;;) {
      const rows = await this.db
        .selectFrom('pos_records')
        .selectAll()
        .where('register_id', '=', chain.register_id)
        .where('kind', '=', chain.kind)
        .where('seq', '>', cursor)
        .where('seq', '<=', to)
        .orderBy('seq')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) break;
      cursor = rows[rows.length - 1]!.seq;
      for (const row of rows) {
        if (row.seq !== expected) {
          this.defects.push({
            ...this.registerDefectBase(row, reg.companyId),
            code: 'SEQUENCE_GAP',
            details: { missingFrom: expected, missingTo: row.seq - 1 },
            message:
              `${cap(chainText)} : séquence${row.seq - 1 > expected ? `s ${expected} à ${row.seq - 1} manquantes` : ` ${expected} manquante`}` +
              ` entre la séquence ${prev ? prev.seq : expected - 1} et la séquence ${row.seq}`,
          });
        } else if (row.seq === 1 ? row.prev_sig !== null : prev !== null && row.prev_sig !== prev.sig) {
          this.defects.push({
            ...this.registerDefectBase(row, reg.companyId),
            code: 'BROKEN_LINK',
            details: { expected: prev?.sig ?? null, found: row.prev_sig },
            message:
              `${cap(describeRecord(row))} (${chainText}, séquence ${row.seq}) : le lien vers la séquence ` +
              `${row.seq - 1} ne correspond pas à sa signature (attendu ${short(prev?.sig ?? null)}, trouvé ${short(row.prev_sig)})`,
          });
        }
        prev = { seq: row.seq, sig: row.sig };
        expected = row.seq + 1;
        last = row;
      }
      const inRange = rows.filter((r) => r.seq >= chain.minSeq);
      const items: VerifyItem[] = rows.map((r) => [
        keyIdx,
        encodeStoredRecord({
          registerId: r.register_id,
          kind: r.kind,
          v: r.v,
          seq: r.seq,
          at: new Date(r.at).toISOString(),
          prev: r.prev_sig,
          dataText: r.data as string,
        }),
        r.sig,
      ]);
      const verdicts = this.pool.verify(this.keys.slice(), items);
      await this.compareRows(inRange, reg.name);
      await pending;
      pending = verdicts.then(async (ok) => {
        rows.forEach((r, i) => {
          if (!ok[i]) {
            this.defects.push({
              ...this.registerDefectBase(r, reg.companyId),
              code: 'BAD_SIGNATURE',
              details: {},
              message:
                `${cap(describeRecord(r))} (${chainText}, séquence ${r.seq}) : la signature de la caisse ` +
                `ne correspond pas au contenu enregistré`,
            });
          }
        });
        await this.progress(inRange.length);
      });
      if (rows.length < PAGE) break;
    }
    await pending;

    if (reachesEnd) await this.checkRegisterHead(chain.register_id, chain.kind, reg, last);
  }

  private async checkRegisterHead(
    registerId: string,
    kind: string,
    reg: { name: string; companyId: string },
    last: PosRecordRow | null,
  ): Promise<void> {
    const head = await this.db
      .selectFrom('chain_heads')
      .selectAll()
      .where('register_id', '=', registerId)
      .where('kind', '=', kind)
      .executeTakeFirst();
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
    const heads = await this.db
      .selectFrom('chain_heads')
      .select(['kind', 'last_seq', 'last_sig'])
      .where('register_id', '=', registerId)
      .execute();
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

  private registerDefectBase(row: PosRecordRow, companyId: string) {
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

  /** Re-maps each signed record as ingestion did and compares with the stored rows, by id. */
  private async compareRows(rows: PosRecordRow[], registerName: string): Promise<void> {
    const expected = new Map<
      ComparedTable,
      { row: Record<string, unknown>; source: PosRecordRow; label: string }[]
    >();
    for (const r of rows) {
      const mapped: PosRows = {};
      const data = JSON.parse(r.data as string) as SignedRecord['data'];
      const record = {
        kind: r.kind,
        v: r.v,
        seq: r.seq,
        prev: r.prev_sig,
        at: new Date(r.at).toISOString(),
        data,
        sig: r.sig,
      } as SignedRecord;
      try {
        mapRecord(
          mapped,
          { accountId: r.account_id, companyId: r.company_id, registerId: r.register_id, batchId: '' },
          record,
          r.business_day,
          r.data as string,
        );
      } catch {
        continue;
      }
      for (const table of COMPARED_TABLES) {
        const list = mapped[table] as Record<string, unknown>[] | undefined;
        if (!list) continue;
        let bucket = expected.get(table);
        if (!bucket) expected.set(table, (bucket = []));
        list.forEach((row, i) => {
          const label =
            table === 'order_lines' || table === 'payment_lines'
              ? `${TABLE_LABELS[table]} ${i + 1} de la ${describeRecord(r)}`
              : cap(describeRecord(r));
          bucket.push({ row, source: r, label: `${label} (caisse ${registerName}, séquence ${r.seq})` });
        });
      }
    }
    for (const [table, list] of expected) {
      const ids = list.map((e) => e.row.id as string);
      const stored = await this.db.selectFrom(table).selectAll().where('id', 'in', ids).execute();
      const byId = new Map(stored.map((s) => [(s as { id: string }).id, s as Record<string, unknown>]));
      for (const e of list) {
        const found = byId.get(e.row.id as string);
        const base = {
          ...this.registerDefectBase(e.source, e.source.company_id),
          code: 'ROW_MISMATCH' as const,
        };
        if (!found) {
          this.defects.push({
            ...base,
            details: { table, field: 'id', expected: e.row.id as string, found: null },
            message: `${e.label} : ligne signée absente de la table ${table}`,
          });
          continue;
        }
        for (const [field, value] of Object.entries(e.row)) {
          if (SKIPPED_COLUMNS.has(field) || !(field in found)) continue;
          const want = norm(value);
          const got = norm(found[field]);
          if (want === got) continue;
          this.defects.push({
            ...base,
            details: {
              table,
              field,
              expected: want as string | number | boolean | null,
              found: got as string | number | boolean | null,
            },
            message: `${e.label} : ${fieldLabel(field)} signé ${formatValue(field, want)}, trouvé ${formatValue(field, got)}`,
          });
        }
      }
    }
  }

  /** Each register closure of the range: its totals recomputed from the orders of its services. */
  private async checkClosureTotals(): Promise<void> {
    if (this.p.companyIds.length === 0) return;
    const closures = await this.db
      .selectFrom('closures')
      .selectAll()
      .where('account_id', '=', this.p.accountId)
      .where('company_id', 'in', this.p.companyIds)
      .where('end_day', '>=', this.p.startDay)
      .where('end_day', '<=', this.p.endDay)
      .$if(!!this.p.registerId, (q) => q.where('register_id', '=', this.p.registerId!))
      .execute();
    const idsOf = (c: (typeof closures)[number]) =>
      (typeof c.service_ids === 'string' ? JSON.parse(c.service_ids) : c.service_ids) as string[];
    // The orders' totals per service, read once for every closure (a year: a few thousand services).
    const perService = new Map<
      string,
      { amount_total_ivat: number; amount_total_evat: number; amount_tax: number }
    >();
    const allIds = [...new Set(closures.flatMap(idsOf))];
    for (let i = 0; i < allIds.length; i += 1000) {
      const rows = await this.db
        .selectFrom('orders')
        .select('service_id')
        .select((eb) => [
          eb.fn.sum<number>('amount_total_ivat').as('amount_total_ivat'),
          eb.fn.sum<number>('amount_total_evat').as('amount_total_evat'),
          eb.fn.sum<number>('amount_tax').as('amount_tax'),
        ])
        .where('service_id', 'in', allIds.slice(i, i + 1000))
        .groupBy('service_id')
        .execute();
      for (const r of rows) {
        perService.set(r.service_id, {
          amount_total_ivat: Number(r.amount_total_ivat),
          amount_total_evat: Number(r.amount_total_evat),
          amount_tax: Number(r.amount_tax),
        });
      }
    }
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
    const startAt = parisStart(this.p.startDay);
    const endAt = parisStart(addDays(this.p.endDay, 1));
    const r = await this.db
      .selectFrom('jet_events')
      .select((eb) => [eb.fn.min<number>('seq').as('minSeq'), eb.fn.max<number>('seq').as('maxSeq')])
      .where('account_id', '=', this.p.accountId)
      .where('occurred_at', '>=', startAt)
      .where('occurred_at', '<', endAt)
      .executeTakeFirst();
    if (!r || r.minSeq == null) return null;
    const minSeq = Number(r.minSeq);
    const maxSeq = Number(r.maxSeq);
    return { minSeq, maxSeq, count: maxSeq - minSeq + 1 };
  }

  /** The account's JET: server signatures, links, gaps and its signed head. */
  private async checkJet(range: { minSeq: number; maxSeq: number }): Promise<void> {
    const from = Math.max(1, range.minSeq - 1);
    const events = await this.db
      .selectFrom('jet_events')
      .selectAll()
      .where('account_id', '=', this.p.accountId)
      .where('seq', '>=', from)
      .orderBy('seq')
      .execute();
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
    const head = await this.db
      .selectFrom('server_chain_heads')
      .selectAll()
      .where('account_id', '=', this.p.accountId)
      .where('company_id', 'is', null)
      .where('kind', '=', 'jet')
      .executeTakeFirst();
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
    const all = await this.db
      .selectFrom('server_closures')
      .selectAll()
      .where('account_id', '=', this.p.accountId)
      .where('company_id', '=', companyId)
      .orderBy('seq')
      .execute();
    const inRange = all.filter((c) => c.end_day >= this.p.startDay && c.end_day <= this.p.endDay);
    if (inRange.length === 0) return;
    const first = inRange[0]!.seq;
    const lastInRange = inRange[inRange.length - 1]!.seq;
    const reachesEnd = lastInRange === all[all.length - 1]!.seq;
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
      if (c.type === 1 || c.type === 3 || c.type === 5) {
        const totals = await computeServerClosureTotals(
          this.db,
          companyId,
          c.type as ServerClosureKind,
          c.start_day,
          c.end_day,
        );
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
    const all = await this.db
      .selectFrom('archives')
      .selectAll()
      .where('account_id', '=', this.p.accountId)
      .where('company_id', '=', companyId)
      .orderBy('seq')
      .execute();
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
    const head = await this.db
      .selectFrom('server_chain_heads')
      .select('id')
      .where('account_id', '=', this.p.accountId)
      .where('company_id', '=', companyId)
      .where('kind', '=', 'archive')
      .executeTakeFirst();
    if (head) {
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
    const head = await this.db
      .selectFrom('server_chain_heads')
      .selectAll()
      .where('account_id', '=', this.p.accountId)
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .executeTakeFirst();
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
   * Stores the defects not already stored identically (scope, chain, seq, code, field), each with its
   * JET event in the same transaction. Answers how many were new.
   */
  private async store(): Promise<number> {
    let fresh = 0;
    for (const d of this.defects) {
      const stored = await this.db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('signature_check_errors')
          .select('id')
          .where('account_id', '=', this.p.accountId)
          .where('source', '=', 'server')
          .where('scope', '=', d.scope)
          .where('code', '=', d.code)
          .where('record_kind', '=', d.recordKind)
          .where((eb) =>
            d.registerId === null ? eb('register_id', 'is', null) : eb('register_id', '=', d.registerId),
          )
          .where((eb) => (d.seq === null ? eb('seq', 'is', null) : eb('seq', '=', d.seq)))
          .where((eb) =>
            d.recordId === null ? eb('record_id', 'is', null) : eb('record_id', '=', d.recordId),
          )
          .where('message', '=', d.message)
          .limit(1)
          .executeTakeFirst();
        if (existing) return false;
        const row = await trx
          .insertInto('signature_check_errors')
          .values({
            account_id: this.p.accountId,
            company_id: d.companyId,
            register_id: d.registerId,
            job_id: this.job.id,
            source: 'server',
            record_kind: d.recordKind,
            record_id: d.recordId,
            seq: d.seq,
            code: d.code,
            business_day: d.businessDay,
            details: JSON.stringify(d.details),
            scope: d.scope,
            service_id: d.serviceId,
            message: d.message,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordJetEvent(trx, this.serverKey, {
          accountId: this.p.accountId,
          companyId: d.companyId,
          ...JET_EVENTS.integrityDefect,
          details: {
            defectId: row.id,
            code: d.code,
            recordKind: d.recordKind,
            seq: d.seq,
            message: d.message,
          },
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

function parsedData(row: PosRecordRow): Record<string, unknown> {
  try {
    return JSON.parse(row.data as string) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function serviceOf(row: PosRecordRow): string | null {
  const d = parsedData(row);
  if (row.kind === 'service') return typeof d.id === 'string' ? d.id : null;
  return typeof d.serviceId === 'string' ? d.serviceId : null;
}

/** « commande n° 1042 », « service n° 12 », « clôture du 05/03/2026 »... */
function describeRecord(row: PosRecordRow): string {
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
