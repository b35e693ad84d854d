import type { SignatureChainScope, SignatureDefectCode, SignatureDefectDetails } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ServerKey } from '../../platform/server-key';
import type { VerifyPool } from './fiscal-check.pool';
import type { ChainRecord, CheckScope } from './fiscal-check.repository';

export interface SignatureCheckPayload {
  accountId: string;
  /** The companies the caller may read; the check never leaves them. */
  companyIds: string[];
  startDay: string;
  endDay: string;
  registerId?: string | null;
  lastSignatures?: { kind: string; seq: number; sig: string }[];
}

export interface Defect {
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

export interface RegisterInfo {
  name: string;
  companyId: string;
  publicKey: string;
}

/** Where the check stands on one (register, kind) chain. */
export interface ChainState {
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

/** What each check of one run shares: where it reads, what it verifies with, where it puts defects. */
export interface CheckRun {
  readonly db: Db;
  readonly serverKey: ServerKey;
  readonly payload: SignatureCheckPayload;
  readonly scope: CheckScope;
  readonly registers: ReadonlyMap<string, RegisterInfo>;
  readonly defects: Defect[];
  readonly pool: VerifyPool;
  /** The index of a raw public key in `keys()`, added on first use. */
  keyIndex(raw: string): number;
  /** The raw public keys indexed so far, as the worker threads are sent them. */
  keys(): string[];
  /** Counts `done` more records as checked and reports the progress now and then. */
  progress(done: number): Promise<void>;
}

export function parsedData(row: ChainRecord): Record<string, unknown> {
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

/** Where a defect of a register's record sits: its chain, record, sequence, day and service. */
export function registerDefectBase(row: ChainRecord, companyId: string) {
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
