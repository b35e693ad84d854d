import type { KeyObject } from 'node:crypto';
import type { RecordKind, SignedRecord, UnsignedRecord } from '@comptoir/contracts';
import { canonicalize } from './canonical';
import { signBytes, signBytesAsync, verifyBytes, verifyBytesAsync } from './signature';

/** Encodings ever released. A stored record keeps the version it was signed with, forever. */
export const ENCODING_VERSIONS = [1] as const;
export const CURRENT_ENCODING_VERSION = 1;

const V1_DOMAIN = 'comptoir/pos-record/v1\n';

/**
 * The bytes a register signs. v1: a domain line, then the canonical JSON of the envelope with the
 * register id, the chain position (kind, seq), the previous signature and the record's data.
 */
export function encodeRecord(registerId: string, record: UnsignedRecord | SignedRecord): Buffer {
  return encodeRecordParts(registerId, record).bytes;
}

/**
 * The signed bytes and, on the way, the canonical text of the record's data, which a store can keep
 * as is instead of serialising the data a second time.
 */
export function encodeRecordParts(
  registerId: string,
  record: UnsignedRecord | SignedRecord,
): { bytes: Buffer; dataText: string } {
  switch (record.v) {
    case 1: {
      const dataText = canonicalize(record.data);
      // The envelope's keys in canonical (sorted) order, so the text equals canonicalize(envelope).
      const envelope =
        `{"at":${canonicalize(record.at)},"data":${dataText},"kind":${canonicalize(record.kind)}` +
        `,"prev":${canonicalize(record.prev)},"register":${canonicalize(registerId)}` +
        `,"seq":${canonicalize(record.seq)},"v":1}`;
      return { bytes: Buffer.from(V1_DOMAIN + envelope, 'utf8'), dataText };
    }
    default:
      throw new RangeError(`unknown record encoding version ${String((record as { v: unknown }).v)}`);
  }
}

/**
 * The signed bytes rebuilt from a stored record: its chain position, `at` as an ISO string, and its
 * data as the canonical text the register signed (what `pos_records.data` keeps). Equal to
 * `encodeRecordParts(registerId, record).bytes` for the record the row was stored from.
 */
export function encodeStoredRecord(stored: {
  registerId: string;
  kind: string;
  v: number;
  seq: number;
  at: string;
  prev: string | null;
  dataText: string;
}): Buffer {
  switch (stored.v) {
    case 1: {
      const envelope =
        `{"at":${canonicalize(stored.at)},"data":${stored.dataText},"kind":${canonicalize(stored.kind)}` +
        `,"prev":${canonicalize(stored.prev)},"register":${canonicalize(stored.registerId)}` +
        `,"seq":${canonicalize(stored.seq)},"v":1}`;
      return Buffer.from(V1_DOMAIN + envelope, 'utf8');
    }
    default:
      throw new RangeError(`unknown record encoding version ${String(stored.v)}`);
  }
}

export function signRecord<R extends UnsignedRecord>(
  privateKey: KeyObject,
  registerId: string,
  record: R,
): R & { sig: string } {
  return { ...record, sig: signBytes(privateKey, encodeRecord(registerId, record)) };
}

export async function signRecordAsync<R extends UnsignedRecord>(
  privateKey: KeyObject,
  registerId: string,
  record: R,
): Promise<R & { sig: string }> {
  return { ...record, sig: await signBytesAsync(privateKey, encodeRecord(registerId, record)) };
}

export function verifyRecord(publicKey: KeyObject, registerId: string, record: SignedRecord): boolean {
  return verifyBytes(publicKey, encodeRecord(registerId, record), record.sig);
}

export function verifyRecordAsync(
  publicKey: KeyObject,
  registerId: string,
  record: SignedRecord,
): Promise<boolean> {
  return verifyBytesAsync(publicKey, encodeRecord(registerId, record), record.sig);
}

/** Where a chain stands: its last sequence number and signature. */
export interface ChainHead {
  seq: number;
  sig: string;
}

export type ChainDefect =
  | { code: 'SEQUENCE_GAP'; expectedSeq: number; foundSeq: number }
  | { code: 'BROKEN_LINK'; seq: number; expectedPrev: string | null; foundPrev: string | null };

/**
 * Checks that `record` follows `head` in its chain: the next sequence number, and `prev` equal to
 * the head's signature (null for the first record). The signature itself is checked separately.
 */
export function checkChainLink(
  head: ChainHead | null,
  record: { seq: number; prev: string | null },
): ChainDefect | null {
  const expectedSeq = head ? head.seq + 1 : 1;
  if (record.seq !== expectedSeq) return { code: 'SEQUENCE_GAP', expectedSeq, foundSeq: record.seq };
  const expectedPrev = head ? head.sig : null;
  if (record.prev !== expectedPrev) {
    return { code: 'BROKEN_LINK', seq: record.seq, expectedPrev, foundPrev: record.prev };
  }
  return null;
}

/** Signs successive records of one (register, kind) chain, as a register does. */
export class ChainWriter<K extends RecordKind> {
  private head: ChainHead | null;

  constructor(
    private readonly privateKey: KeyObject,
    private readonly registerId: string,
    readonly kind: K,
    head: ChainHead | null = null,
  ) {
    this.head = head;
  }

  get position(): ChainHead | null {
    return this.head;
  }

  append(at: string, data: Extract<UnsignedRecord, { kind: K }>['data']): Extract<SignedRecord, { kind: K }> {
    const unsigned = {
      kind: this.kind,
      v: CURRENT_ENCODING_VERSION,
      seq: (this.head?.seq ?? 0) + 1,
      prev: this.head?.sig ?? null,
      at,
      data,
    } as Extract<UnsignedRecord, { kind: K }>;
    const signed = signRecord(this.privateKey, this.registerId, unsigned) as unknown as Extract<
      SignedRecord,
      { kind: K }
    >;
    this.head = { seq: signed.seq, sig: signed.sig };
    return signed;
  }
}
