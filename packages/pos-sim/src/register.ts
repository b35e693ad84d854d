import crypto from 'node:crypto';
import type {
  ClosureData,
  ClosureType,
  OrderData,
  RecordDataByKind,
  RecordKind,
  ServiceData,
  SignedRecord,
  TaxBreakdown,
} from '@comptoir/contracts';
import { recordKinds } from '@comptoir/contracts';
import { ChainWriter, keyPairFromSeed, type SigningKeyPair } from '@comptoir/fiscal';
import { PAYMENT_CODES, type EstablishmentCatalog, type PaymentCode } from './catalog';
import { addTaxes } from './money';
import { toIso } from './dates';

/** The Ed25519 seed of a register: SHA-256 of the simulation seed and the register's key. */
export function registerKeySeed(seed: number, registerKey: string): Buffer {
  return crypto
    .createHash('sha256')
    .update(`comptoir/pos-sim/register-key/v1|${seed}|${registerKey}`)
    .digest();
}

export function registerKeyPair(seed: number, registerKey: string): SigningKeyPair {
  return keyPairFromSeed(registerKeySeed(seed, registerKey));
}

/** A record waiting to be signed: its chain, its envelope time (epoch ms) and its data. */
export type PendingRecord = {
  [K in RecordKind]: { kind: K; at: number; data: RecordDataByKind[K] };
}[RecordKind];

type PaymentTotals = Map<PaymentCode, { amount: number; overpayment: number; credit: number }>;

/** Totals of a set of services: what a service record or a closure carries. */
export class Totals {
  amountTotalIvat = 0;
  amountTotalEvat = 0;
  amountTax = 0;
  amountDiscountIvat = 0;
  amountOfferedIvat = 0;
  amountTotalWoDiscountIvat = 0;
  readonly payments: PaymentTotals = new Map();
  readonly taxes = new Map<number, TaxBreakdown>();

  addOrder(
    order: OrderData,
    codeOf: (paymentTypeId: string) => PaymentCode,
    taxes: readonly TaxBreakdown[],
  ): void {
    this.amountTotalIvat += order.amountTotalIvat;
    this.amountTotalEvat += order.amountTotalEvat;
    this.amountTax += order.amountTax;
    this.amountDiscountIvat += order.amountDiscountIvat;
    this.amountOfferedIvat += order.amountOfferedIvat;
    this.amountTotalWoDiscountIvat += order.amountTotalWoDiscountIvat;
    for (const p of order.payments) {
      if (p.removed) continue;
      const t = this.payment(codeOf(p.paymentTypeId));
      t.amount += p.amount;
      t.overpayment += p.tip;
    }
    addTaxes(this.taxes, taxes);
  }

  addCredit(code: PaymentCode, amount: number): void {
    this.payment(code).credit += amount;
  }

  addTotals(other: Totals): void {
    this.amountTotalIvat += other.amountTotalIvat;
    this.amountTotalEvat += other.amountTotalEvat;
    this.amountTax += other.amountTax;
    this.amountDiscountIvat += other.amountDiscountIvat;
    this.amountOfferedIvat += other.amountOfferedIvat;
    this.amountTotalWoDiscountIvat += other.amountTotalWoDiscountIvat;
    for (const [code, p] of other.payments) {
      const t = this.payment(code);
      t.amount += p.amount;
      t.overpayment += p.overpayment;
      t.credit += p.credit;
    }
    addTaxes(this.taxes, [...other.taxes.values()]);
  }

  private payment(code: PaymentCode) {
    let t = this.payments.get(code);
    if (!t) {
      t = { amount: 0, overpayment: 0, credit: 0 };
      this.payments.set(code, t);
    }
    return t;
  }

  amounts() {
    return {
      amountTotalIvat: this.amountTotalIvat,
      amountTotalEvat: this.amountTotalEvat,
      amountTax: this.amountTax,
      amountDiscountIvat: this.amountDiscountIvat,
      amountOfferedIvat: this.amountOfferedIvat,
    };
  }

  /** Payment totals in catalogue order, one per payment type used or credited. */
  paymentTotals(catalog: EstablishmentCatalog): ServiceData['payments'] {
    return PAYMENT_CODES.filter((code) => this.payments.has(code)).map((code) => {
      const t = this.payments.get(code) ?? { amount: 0, overpayment: 0, credit: 0 };
      const type = catalog.paymentTypes[code];
      return { paymentTypeId: type.id, paymentName: type.name, ...t };
    });
  }

  paymentAmount(): number {
    let sum = 0;
    for (const t of this.payments.values()) sum += t.amount;
    return sum;
  }

  taxTotals(): TaxBreakdown[] {
    return [...this.taxes.values()].sort((a, b) => a.vatRateBp - b.vatRateBp).map((t) => ({ ...t }));
  }
}

/** Services gathered for a monthly or annual closure. */
export interface Period {
  startDay: string;
  openingDate: number;
  serviceIds: string[];
  totals: Totals;
}

type Chains = { [K in RecordKind]: ChainWriter<K> };

/** One cash register's lasting state: its key, its chains, counters and running totals. */
export class RegisterState {
  readonly chains: Chains;
  serviceNumber = 0;
  orderNumber = 0;
  receiptNumber = 0;
  /** Perpetual grand total incl. VAT since the register's first record. */
  grandTotal = 0;
  firstDay: string | null = null;
  month: Period | null = null;
  year: Period | null = null;
  /** Envelope time of the last signed record: a chain's times never go back. */
  lastAt = 0;

  constructor(
    readonly key: string,
    readonly index: number,
    readonly registerId: string,
    readonly name: string,
    readonly serial: string,
    readonly keys: SigningKeyPair,
  ) {
    this.chains = Object.fromEntries(
      recordKinds.map((kind) => [kind, new ChainWriter(keys.privateKey, registerId, kind)]),
    ) as unknown as Chains;
  }

  /** Signs pending records in time order (stable, so same-time records keep their given order). */
  sign(pending: PendingRecord[]): SignedRecord[] {
    pending.sort((a, b) => a.at - b.at);
    const first = pending[0];
    if (first && first.at < this.lastAt) {
      throw new Error(`register ${this.key}: a ${first.kind} record goes back in time`);
    }
    const out: SignedRecord[] = [];
    for (const p of pending) {
      const chain = this.chains[p.kind] as ChainWriter<RecordKind>;
      out.push(chain.append(toIso(p.at), p.data as never));
      this.lastAt = p.at;
    }
    return out;
  }
}

export function closureRecord(args: {
  id: string;
  type: ClosureType;
  startDay: string;
  endDay: string;
  openingDate: number;
  closingDate: number;
  totals: Totals;
  grandTotal: number;
  serviceIds: string[];
  catalog: EstablishmentCatalog;
}): ClosureData {
  const { totals } = args;
  return {
    id: args.id,
    type: args.type,
    startDay: args.startDay,
    endDay: args.endDay,
    openingDate: toIso(args.openingDate),
    closingDate: toIso(args.closingDate),
    ...totals.amounts(),
    amountTotalWoDiscountIvat: totals.amountTotalWoDiscountIvat,
    amountPaymentShift: totals.paymentAmount(),
    grandTotalIvat: args.grandTotal,
    payments: totals.paymentTotals(args.catalog),
    taxes: totals.taxTotals(),
    serviceIds: [...args.serviceIds],
    comment: null,
  };
}
