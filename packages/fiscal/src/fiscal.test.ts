import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrderData, UnsignedRecord } from '@comptoir/contracts';
import {
  canonicalize,
  ChainWriter,
  checkChainLink,
  encodeRecord,
  encodeRecordParts,
  encodeStoredRecord,
  keyPairFromSeed,
  publicKeyFromRaw,
  rawPublicKey,
  signRecord,
  verifyRecord,
  sha256Hex,
  verifyRecordAsync,
} from './index';

/** Compares with a committed golden file; `UPDATE_GOLDEN=1` rewrites it (review the diff). */
function expectGolden(name: string, actual: string): void {
  const file = path.join(import.meta.dirname, '__golden__', name);
  if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, `${actual}\n`);
  expect(actual).toBe(fs.readFileSync(file, 'utf8').trimEnd());
}

const seed = Buffer.alloc(32, 7);
const keys = keyPairFromSeed(seed);
const registerId = '11111111-1111-4111-8111-111111111111';
const user = { id: '22222222-2222-4222-8222-222222222222', firstname: 'Léa', lastname: 'Martin' };

const order: OrderData = {
  id: '33333333-3333-4333-8333-333333333333',
  serviceId: '44444444-4444-4444-8444-444444444444',
  number: 1,
  businessDay: '2026-03-14',
  openedAt: '2026-03-14T11:58:00.000Z',
  closedAt: '2026-03-14T12:41:09.000Z',
  activityType: 1,
  roomId: null,
  roomName: 'Salle',
  tableName: 'T4',
  covers: 2,
  user,
  customerAccountId: null,
  cancelsOrderId: null,
  globalDiscount: 0,
  amountTotalIvat: 3250,
  amountTotalEvat: 2955,
  amountTax: 295,
  amountDiscountIvat: 0,
  amountOfferedIvat: 0,
  amountTotalWoDiscountIvat: 3250,
  lines: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      parentId: null,
      productId: '66666666-6666-4666-8666-666666666666',
      productName: 'Croque-monsieur',
      categoryId: '77777777-7777-4777-8777-777777777777',
      categoryName: 'Plats',
      quantity: 2,
      standardPrice: 1625,
      price: 3250,
      discount: 0,
      offered: 0,
      vatRateBp: 1000,
      amountEvat: 2955,
      amountTax: 295,
      removed: false,
      createdAt: '2026-03-14T12:01:00.000Z',
      userId: user.id,
    },
  ],
  payments: [
    {
      id: '88888888-8888-4888-8888-888888888888',
      paymentTypeId: '99999999-9999-4999-8999-999999999999',
      paymentName: 'Carte bancaire',
      amount: 3250,
      tip: 0,
      at: '2026-03-14T12:41:00.000Z',
      device: 'TPE-1',
      userId: user.id,
      customerAccountId: null,
      removed: false,
    },
  ],
  tracking: [],
  appVersion: '4.0.0',
};

const unsigned: UnsignedRecord = { kind: 'order', v: 1, seq: 1, prev: null, at: order.closedAt, data: order };

describe('canonical encoding', () => {
  it('sorts keys, drops undefined members and keeps no whitespace', () => {
    expect(canonicalize({ b: 1, a: [true, null, 'é'], c: undefined })).toBe('{"a":[true,null,"é"],"b":1}');
  });

  it('refuses non-integer numbers, so money can only be cents', () => {
    expect(() => canonicalize({ amount: 12.5 })).toThrow(/integers only/);
  });

  it('encodes an order record v1 exactly as the golden file', () => {
    expectGolden('order-v1.canonical.txt', encodeRecord(registerId, unsigned).toString('utf8'));
  });
});

describe('Ed25519 signatures', () => {
  it('derives the golden public key from the fixed seed', () => {
    expectGolden('register-public-key.txt', rawPublicKey(keys.publicKey));
  });

  it('signs the golden order with the golden signature', () => {
    expectGolden('order-v1.sig.txt', signRecord(keys.privateKey, registerId, unsigned).sig);
  });

  it('verifies with the public key sent at enrollment, synchronously and on the thread pool', async () => {
    const signed = signRecord(keys.privateKey, registerId, unsigned);
    const publicKey = publicKeyFromRaw(rawPublicKey(keys.publicKey));
    expect(verifyRecord(publicKey, registerId, signed)).toBe(true);
    expect(await verifyRecordAsync(publicKey, registerId, signed)).toBe(true);
  });

  it('rejects a record whose amount was changed by one cent', () => {
    const signed = signRecord(keys.privateKey, registerId, unsigned);
    const tampered = { ...signed, data: { ...order, amountTotalIvat: 3249 } };
    expect(verifyRecord(keys.publicKey, registerId, tampered)).toBe(false);
  });

  it('rejects a record replayed under another register', () => {
    const signed = signRecord(keys.privateKey, registerId, unsigned);
    expect(verifyRecord(keys.publicKey, '11111111-1111-4111-8111-111111111112', signed)).toBe(false);
  });

  it('rejects a signature made by another key', () => {
    const other = keyPairFromSeed(Buffer.alloc(32, 8));
    const signed = signRecord(other.privateKey, registerId, unsigned);
    expect(verifyRecord(keys.publicKey, registerId, signed)).toBe(false);
  });
});

describe('chains', () => {
  it('links each record to the previous signature with gap-free sequence numbers', () => {
    const chain = new ChainWriter(keys.privateKey, registerId, 'order');
    const first = chain.append(order.closedAt, order);
    const second = chain.append(order.closedAt, {
      ...order,
      id: '33333333-3333-4333-8333-333333333334',
      number: 2,
    });
    expect(first.seq).toBe(1);
    expect(first.prev).toBeNull();
    expect(second.seq).toBe(2);
    expect(second.prev).toBe(first.sig);
    expect(checkChainLink(null, first)).toBeNull();
    expect(checkChainLink({ seq: 1, sig: first.sig }, second)).toBeNull();
  });

  it('reports a gap and a broken link with what was expected and found', () => {
    const chain = new ChainWriter(keys.privateKey, registerId, 'order');
    const first = chain.append(order.closedAt, order);
    chain.append(order.closedAt, order);
    const third = chain.append(order.closedAt, order);
    expect(checkChainLink({ seq: 1, sig: first.sig }, third)).toEqual({
      code: 'SEQUENCE_GAP',
      expectedSeq: 2,
      foundSeq: 3,
    });
    expect(checkChainLink({ seq: 2, sig: first.sig }, third)).toEqual({
      code: 'BROKEN_LINK',
      seq: 3,
      expectedPrev: first.sig,
      foundPrev: third.prev,
    });
  });
});

describe('encoding v1 of every record kind', () => {
  const fixtures = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '__golden__', 'records-v1.input.json'), 'utf8'),
  ) as { registerId: string; record: UnsignedRecord }[];

  it('covers each of the ten record kinds', () => {
    expect(new Set(fixtures.map((f) => f.record.kind)).size).toBe(10);
  });

  it('keeps the hash of the signed bytes and the signature of each kind unchanged', () => {
    const lines = fixtures.map(({ registerId: id, record }) => {
      const bytes = encodeRecord(id, record);
      const sig = signRecord(keys.privateKey, id, record).sig;
      return `${record.kind} ${sha256Hex(bytes)} ${sig}`;
    });
    expectGolden('records-v1.golden.txt', lines.join('\n'));
  });
});

describe('encodeRecordParts', () => {
  it('gives the same bytes as the canonical JSON of the whole envelope, and the data text', () => {
    const { bytes, dataText } = encodeRecordParts(registerId, unsigned);
    const whole = canonicalize({
      at: unsigned.at,
      data: unsigned.data,
      kind: unsigned.kind,
      prev: unsigned.prev,
      register: registerId,
      seq: unsigned.seq,
      v: unsigned.v,
    });
    expect(bytes.toString('utf8')).toBe(`comptoir/pos-record/v1\n${whole}`);
    expect(dataText).toBe(canonicalize(order));
  });
});

describe('encodeStoredRecord', () => {
  it('rebuilds, from a stored row of each kind, the golden signed bytes', () => {
    const fixtures = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '__golden__', 'records-v1.input.json'), 'utf8'),
    ) as { registerId: string; record: UnsignedRecord }[];
    const golden = fs
      .readFileSync(path.join(import.meta.dirname, '__golden__', 'records-v1.golden.txt'), 'utf8')
      .trim()
      .split('\n');
    const lines = fixtures.map(({ registerId: id, record }) => {
      const bytes = encodeStoredRecord({
        registerId: id,
        kind: record.kind,
        v: record.v,
        seq: record.seq,
        at: new Date(record.at).toISOString(),
        prev: record.prev,
        dataText: canonicalize(record.data),
      });
      return `${record.kind} ${sha256Hex(bytes)}`;
    });
    expect(lines).toEqual(golden.map((l) => l.split(' ').slice(0, 2).join(' ')));
  });
});
