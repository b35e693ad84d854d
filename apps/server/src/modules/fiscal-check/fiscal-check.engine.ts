import type { Db } from '../../db/database';
import type { JobRow } from '../../db/schema/jobs';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { JobContext } from '../../platform/jobs';
import type { ServerKey } from '../../platform/server-key';
import { checkArchives } from './fiscal-check.archives';
import { checkLink, checkSignatures } from './fiscal-check.chains';
import { checkClosureTotals } from './fiscal-check.closures';
import type {
  ChainState,
  CheckRun,
  Defect,
  RegisterInfo,
  SignatureCheckPayload,
} from './fiscal-check.context';
import { checkLastSignatures, checkRegisterHead } from './fiscal-check.heads';
import { checkJet, jetRange } from './fiscal-check.jet';
import { chainName } from './fiscal-check.messages';
import { VerifyPool } from './fiscal-check.pool';
import * as repo from './fiscal-check.repository';
import type { ChainRecord } from './fiscal-check.repository';
import { checkSeals } from './fiscal-check.rows';
import { checkServerClosures } from './fiscal-check.server-closures';

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

/**
 * One run of the check: reads the register chains page by page and hands each page to the checks,
 * then runs the closing checks, counts progress and stores the defects found.
 */
class Checker implements CheckRun {
  readonly defects: Defect[] = [];
  readonly pool = new VerifyPool(2);
  readonly scope: repo.CheckScope;
  registers: ReadonlyMap<string, RegisterInfo> = new Map();
  checked = 0;
  total = 0;
  private lastReport = 0;
  private readonly started = Date.now();
  private readonly rawKeys: string[] = [];
  private readonly keyIndexes = new Map<string, number>();
  private readonly inFlight: Promise<void>[] = [];
  /**
   * (instant, records done) points of the last seconds, the oldest first. The first is the first
   * page checked: the setup and the filling of the pipeline say nothing of the pace that follows.
   */
  private readonly samples: { at: number; done: number }[] = [];

  constructor(
    readonly db: Db,
    readonly serverKey: ServerKey,
    private readonly job: JobRow,
    private readonly jobCtx: JobContext | null,
    readonly payload: SignatureCheckPayload,
  ) {
    this.scope = {
      accountId: payload.accountId,
      companyIds: payload.companyIds,
      startDay: payload.startDay,
      endDay: payload.endDay,
      registerId: payload.registerId ?? null,
    };
  }

  keyIndex(raw: string): number {
    let i = this.keyIndexes.get(raw);
    if (i === undefined) {
      i = this.rawKeys.push(raw) - 1;
      this.keyIndexes.set(raw, i);
    }
    return i;
  }

  keys(): string[] {
    return this.rawKeys.slice();
  }

  async run(): Promise<CheckResult> {
    const isWholeAccount = !this.payload.registerId;
    try {
      const regs = await repo.accountRegisters(this.db, this.payload.accountId);
      this.registers = new Map(
        regs.map((r) => [r.id, { name: r.name, companyId: r.company_id, publicKey: r.public_key }]),
      );
      const chains = await this.prepareChains();
      const jet = isWholeAccount ? await jetRange(this) : null;
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
      for (const chain of chains) if (chain.reachesEnd) await checkRegisterHead(this, chain);
      if (this.payload.registerId) await checkLastSignatures(this, this.payload.registerId);
      if (jet) await checkJet(this, jet);
      await checkClosureTotals(this);
      if (isWholeAccount) {
        for (const companyId of this.payload.companyIds) {
          await checkServerClosures(this, companyId);
          await checkArchives(this, companyId);
        }
      }
      await Promise.all(this.inFlight.splice(0));
    } finally {
      await this.pool.close();
    }
    const seconds = (Date.now() - this.started) / 1000;
    const fresh = await this.store();
    await recordJetEvent(this.db, this.serverKey, {
      accountId: this.payload.accountId,
      ...JET_EVENTS.signatureCheckRun,
      details: {
        jobId: this.job.id,
        startDay: this.payload.startDay,
        endDay: this.payload.endDay,
        checkedRecords: this.checked,
        defects: this.defects.length,
        newDefects: fresh,
        registerId: this.payload.registerId ?? null,
      },
    });
    return {
      startDay: this.payload.startDay,
      endDay: this.payload.endDay,
      checkedRecords: this.checked,
      defects: this.defects.length,
      seconds: Math.round(seconds * 1000) / 1000,
    };
  }

  async progress(done: number): Promise<void> {
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
        keyIdx: this.keyIndex(reg.publicKey),
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
      for (const row of rows) checkLink(this, chain, row, chainText);

      const inRange = rows.filter((r) => r.seq >= chain.minSeq);
      // Signatures on the worker threads and seals in the database (a server works on them while
      // the next page is read); the page counts as checked once both are done.
      const verdicts = checkSignatures(this, chain, rows, chainText);
      const seals = checkSeals(this, chain, inRange);
      const page = Promise.all([verdicts, seals]).then(() => this.progress(inRange.length));
      page.catch(() => undefined); // awaited below or at the end of the pass, which rethrows
      this.inFlight.push(page);
      if (this.inFlight.length >= MAX_IN_FLIGHT) await this.inFlight.shift();
    }
  }

  /**
   * Stores the defects not already stored identically (scope, chain, seq, code, wording), each with
   * its JET event in the same transaction. Answers how many were new.
   */
  private async store(): Promise<number> {
    let fresh = 0;
    for (const d of this.defects) {
      const defect: repo.NewDefect = { ...d, accountId: this.payload.accountId, jobId: this.job.id };
      const stored = await this.db.transaction().execute(async (trx) => {
        if (await repo.hasSameDefect(trx, defect)) return false;
        const defectId = await repo.insertDefect(trx, defect);
        await recordJetEvent(trx, this.serverKey, {
          accountId: this.payload.accountId,
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
