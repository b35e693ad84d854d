// Over 400 lines: the entries' one vocabulary (figures, accounts, rows, numbers, corrections), shared by the builders, the file and the pack.
import {
  ACCOUNTING_TRANSFER_PAYMENT_ID,
  ACCOUNTING_VAT_KEY_DEFAULTS,
  accountNumberKind,
  formatBusinessDay,
  invalidAccountNumberKeys,
  isAccountNumberValid,
  vatRateLabel,
  type AccountingExportMode,
  type AccountingMissingItem,
  type FecRow,
} from '@comptoir/contracts';
import type {
  AccountingAccountType,
  AccountingVatKey,
  BookedHeader,
  ExportedMovement,
} from '../../db/schema/accounting';

/**
 * The accounting entries of one establishment's business day (spec 3 §3 "FEC row", issue 17 part 4),
 * as pure functions of the day's figures and the establishment's configuration: the figures and
 * configuration they are built from, the account resolver, the rows' layout, numbering and
 * corrections; `fec-day-entries.ts` builds the entries, one builder per kind. One sales entry per
 * day (debits: payments by payment-type account, customer-account charges to the customer account;
 * credits: sales excl. VAT by rate and account, VAT collected by rate, tips and over-payments; any
 * residual cent to the regulation account; sales net of discounts unless booked gross; no offered
 * items and no cash float, which stays in the drawer from one day to the next and is no daily flow)
 * and one entry for the day's settlements of customer accounts. Amounts are
 * cents, so every entry balances exactly; a negative amount goes to the other side, a zero line is
 * never written.
 */

export interface SetupAccount {
  id: string;
  type: AccountingAccountType;
  number: string;
  label: string;
  analytics: string;
  allFloors: boolean;
  floors: string[];
  tableId: string | null;
}
export interface SetupLink {
  accountId: string;
  itemId: string;
  type: AccountingAccountType;
  /** The VAT rate (basis points) the link covers; null when it covers every rate. */
  rateBp: number | null;
}
export interface AccountingSetup {
  accounts: SetupAccount[];
  links: SetupLink[];
  keys: Partial<Record<AccountingVatKey, string>>;
}

export interface SalesGroup {
  rateBp: number;
  productId: string;
  productName: string;
  categoryId: string;
  categoryName: string;
  roomId: string | null;
  evat: number;
  tax: number;
  discount: number;
  offered: number;
}
export interface CustomerRef {
  id: string;
  uniqId: number | null;
  name: string;
}
export interface PaymentGroup {
  paymentTypeId: string;
  paymentName: string;
  /** Set on a charge to a customer account (the tab). */
  customer: CustomerRef | null;
  amount: number;
  tip: number;
}
export interface SettlementGroup {
  paymentTypeId: string | null;
  paymentName: string;
  customer: CustomerRef;
  /** Positive: the customer paid (payment, top-up); negative: a refund. */
  amount: number;
  /**
   * The part of `amount` that moved the credit the customer holds (prepaid, 4191), the rest settled
   * or opened a debt (411): a top-up of an account that owes nothing is all of it (issue 30, part 22).
   */
  prepaid: number;
}
/** Credit a customer held that the day's charges to its account consumed (positive: 4191 debited). */
export interface PrepaidUse {
  customer: CustomerRef;
  amount: number;
}
/** An avoir (credit note) issued that day, or its part at one VAT rate (issue 30, defect 4). */
export interface AvoirGroup {
  /** The avoir payment type it will be spent with (its account is the avoirs' 4191). */
  paymentTypeId: string | null;
  paymentName: string;
  customer: CustomerRef | null;
  /** The rate of the sale it was issued against; null when issued against no sale (a gift). */
  rateBp: number | null;
  /** Including VAT. */
  amount: number;
}
/** What went in and out of a drawer's cash outside sales on a day, per cash payment type (issue 30, defect 6). */
export interface CashGroup {
  paymentTypeId: string;
  paymentName: string;
  /** Taken to the bank (positive). */
  deposits: number;
  /** Brought into the drawer. */
  cashIn: number;
  /** Petty-cash expenses paid from the drawer (positive). */
  expenses: number;
  /** Counted minus expected cash, summed over the day's services (negative: a shortage). */
  variance: number;
}
export interface DayData {
  day: string;
  /** The day's closure (daily Z) number, the entries' piece reference. */
  closureNumber: string | null;
  /** The floats the day's services opened with: reported, never booked (a float is no daily flow). */
  cashFloat: number;
  /**
   * How much the floats changed that day, service after service of each register (a register's
   * first service: its whole float): booked on the cash-float pair when one is set (issue 30, defect 2).
   */
  floatChange?: number;
  /** The part of the sales' discounts given on whole orders (spread over their lines' `discount`). */
  orderDiscount?: number;
  sales: SalesGroup[];
  payments: PaymentGroup[];
  settlements: SettlementGroup[];
  /** The credit the day's charges consumed, per customer (none when absent). */
  prepaidUse?: PrepaidUse[];
  /** The avoirs issued that day (none when absent). */
  avoirs?: AvoirGroup[];
  /** The cash journal's flows of the day (none when absent). */
  cash?: CashGroup[];
}

export interface ExportContext {
  companyName: string;
  mode: AccountingExportMode;
  /** `YYYYMMDD`: the day the file is produced, the ValidDate unless `account_vat_validdate` says one. */
  exportDay: string;
}

/** The accounts used when a key is not set (plan comptable général). */
export const FEC_DEFAULT_ACCOUNTS = {
  journal: 'VT',
  journalLib: 'Ventes',
  customer: '411000',
  /** Money customers put on their account ahead of their charges (advances received). */
  prepaid: '419110',
  tips: '467100',
  regulation: '471000',
  discount: '709000',
  /** An avoir issued against no sale is a gift to the customer. */
  gift: '623400',
  cashTransfer: '580000',
  cashExpense: '606000',
  cashShortage: '658000',
  cashOverage: '758000',
} as const;

/** A VAT-inclusive amount's part excluding VAT at `rateBp` (basis points), to the cent. */
export const excludingVat = (ivat: number, rateBp: number): number =>
  Math.round((ivat * 10_000) / (10_000 + rateBp));

export interface Movement {
  account: string;
  lib: string;
  /** CompAuxNum / CompAuxLib: only on customer (411) lines. */
  aux: { num: string; name: string } | null;
  ecritureLib: string;
  /** Signed: positive debit, negative credit. */
  amount: number;
  /** Lines of the same key add up (mode 1 groups sales this way). */
  key: string;
  /** The analytic section of the line's account, when it has one (written in mode 2). */
  analytics?: string;
}

/**
 * The kinds of a day's entries, in their order: sales, settlements of customer accounts, avoirs, the
 * cash journal.
 */
export const ENTRY_KINDS = ['s', 'r', 'a', 'c'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface FecEntry {
  /** `s`: sales; `r`: settlements of customer accounts; `a`: avoirs issued; `c`: cash journal. */
  kind: EntryKind;
  journal: string;
  journalLib: string;
  date: string;
  pieceRef: string;
  rows: Omit<FecRow, 'ecritureNum'>[];
}

const compact = (day: string) => day.replaceAll('-', '');
/** 1000 → `10 %`, 550 → `5,5 %` (one rule, in the contracts). */
export const rateLabel = vatRateLabel;

/** Resolves the accounts of a day's items from the links (a product's link wins over its category's). */
export class AccountResolver {
  private readonly byId: Map<string, SetupAccount>;
  constructor(readonly setup: AccountingSetup) {
    this.byId = new Map(setup.accounts.map((a) => [a.id, a]));
  }

  private linked(type: AccountingAccountType, itemId: string, rateBp: number | null, roomId?: string | null) {
    let fallback: SetupAccount | undefined;
    for (const link of this.setup.links) {
      if (link.type !== type || link.itemId !== itemId) continue;
      const account = this.byId.get(link.accountId);
      if (!account) continue;
      if (
        roomId !== undefined &&
        !account.allFloors &&
        !(roomId !== null && account.floors.includes(roomId))
      ) {
        continue;
      }
      if (link.rateBp === rateBp) return account;
      if (link.rateBp === null) fallback ??= account;
    }
    return fallback;
  }

  vat(rateBp: number): SetupAccount | undefined {
    for (const link of this.setup.links) {
      if (link.type === 'vat' && link.rateBp === rateBp) {
        const account = this.byId.get(link.accountId);
        if (account) return account;
      }
    }
    return undefined;
  }

  product(
    group: Pick<SalesGroup, 'productId' | 'categoryId' | 'rateBp' | 'roomId'>,
  ): SetupAccount | undefined {
    return (
      this.linked('product', group.productId, group.rateBp, group.roomId) ??
      this.linked('product', group.categoryId, group.rateBp, group.roomId)
    );
  }

  /** A cashback payment type's own account (spec 3 §3, `cashback`) wins over its payment account. */
  payment(paymentTypeId: string): SetupAccount | undefined {
    return this.linked('cashback', paymentTypeId, null) ?? this.linked('payment', paymentTypeId, null);
  }

  /** The account gross-booked discounts are debited to: a linked account, else the key, else 709000. */
  discountAccount(item: 'line' | 'order'): string {
    return (
      this.linked('discount', item, null)?.number ??
      (this.setup.keys.account_vat_discount || FEC_DEFAULT_ACCOUNTS.discount)
    );
  }

  /** The analytic section of the establishment's account of that number ('' when none is configured). */
  sectionOf(number: string): string {
    return this.setup.accounts.find((a) => a.number === number && a.type !== 'customer')?.analytics ?? '';
  }

  customer(customer: CustomerRef): { number: string; aux: string } {
    const own = this.setup.accounts.find((a) => a.type === 'customer' && a.tableId === customer.id);
    const general = this.setup.keys.account_vat_customer_account || FEC_DEFAULT_ACCOUNTS.customer;
    return {
      number: general,
      aux: own?.number ?? `C${customer.uniqId ?? customer.id.slice(0, 8)}`,
    };
  }

  /** The customer's prepaid account (4191), under the same auxiliary code as its 411. */
  prepaid(customer: CustomerRef): { number: string; aux: string } {
    return {
      number: this.setup.keys.account_vat_prepaid || FEC_DEFAULT_ACCOUNTS.prepaid,
      aux: this.customer(customer).aux,
    };
  }
}

/** What lacks an account in a day's figures, by kind (spec 3 §7 `errors{vat, sales, payments}`). */
export function collectMissing(
  resolver: AccountResolver,
  day: DayData,
  into: { vat: Map<string, string>; sales: Map<string, string>; payments: Map<string, string> },
): void {
  for (const group of day.sales) {
    if (group.evat === 0 && group.tax === 0) continue;
    if (group.tax !== 0 && !resolver.vat(group.rateBp)) {
      into.vat.set(String(group.rateBp), `TVA ${rateLabel(group.rateBp)}`);
    }
    if (!resolver.product(group)) {
      into.sales.set(
        `${group.productId}|${group.rateBp}`,
        `${group.productName} (${group.categoryName}, ${rateLabel(group.rateBp)})`,
      );
    }
  }
  for (const payment of day.payments) {
    if (payment.customer || payment.amount + payment.tip === 0) continue;
    if (!resolver.payment(payment.paymentTypeId))
      into.payments.set(payment.paymentTypeId, payment.paymentName);
  }
  for (const cash of day.cash ?? []) {
    if (cash.deposits + cash.cashIn + cash.expenses === 0 && cash.variance === 0) continue;
    if (!resolver.payment(cash.paymentTypeId)) into.payments.set(cash.paymentTypeId, cash.paymentName);
  }
  for (const avoir of day.avoirs ?? []) {
    if (avoir.amount === 0) continue;
    if (avoir.rateBp !== null && !resolver.vat(avoir.rateBp)) {
      into.vat.set(String(avoir.rateBp), `TVA ${rateLabel(avoir.rateBp)}`);
    }
    if (avoir.paymentTypeId && !resolver.payment(avoir.paymentTypeId)) {
      into.payments.set(avoir.paymentTypeId, avoir.paymentName);
    }
  }
  for (const settlement of day.settlements) {
    if (settlement.amount === 0) continue;
    const paymentId = settlement.paymentTypeId ?? ACCOUNTING_TRANSFER_PAYMENT_ID;
    if (!resolver.payment(paymentId)) {
      into.payments.set(paymentId, settlement.paymentName || 'Règlement de compte client');
    }
  }
}

export function missingItems(map: Map<string, string>): AccountingMissingItem[] {
  return [...map].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

export function addMovement(list: Movement[], movement: Movement) {
  const same = list.find((m) => m.key === movement.key);
  if (same) same.amount += movement.amount;
  else list.push({ ...movement });
}

export function entryHeader(keys: AccountingSetup['keys'], day: Pick<DayData, 'day' | 'closureNumber'>) {
  return {
    journal: keys.account_vat_journal || FEC_DEFAULT_ACCOUNTS.journal,
    journalLib: keys.account_vat_journallib || FEC_DEFAULT_ACCOUNTS.journalLib,
    date: compact(day.day),
    pieceRef: day.closureNumber ?? `J${compact(day.day)}`,
  };
}

/** The validation date of entries written on `exportDay`: the configured one, if any. */
export function validDateOf(keys: AccountingSetup['keys'], exportDay: string): string {
  return /^\d{8}$/.test(keys.account_vat_validdate?.replaceAll('-', '') ?? '')
    ? keys.account_vat_validdate!.replaceAll('-', '')
    : exportDay;
}

/** The header a FEC export books with a day's entries (migration 027), written on `exportDay`. */
export function bookedHeader(
  keys: AccountingSetup['keys'],
  day: Pick<DayData, 'day' | 'closureNumber'>,
  exportDay: string,
): BookedHeader {
  const { journal, journalLib, pieceRef } = entryHeader(keys, day);
  return { journal, journalLib, pieceRef, validDate: validDateOf(keys, exportDay) };
}

/**
 * A booked day's entries as the FEC export that booked them wrote them: its movements grouped by
 * entry (sales, then settlements), numbered from its first number, under its header (`fallback` for
 * a day booked before migration 027 kept headers).
 */
export function bookedRows(
  day: string,
  booked: { firstNum: number; header: BookedHeader | null; movements: ExportedMovement[] },
  fallback: BookedHeader,
): FecRow[] {
  const header = booked.header ?? fallback;
  const date = compact(day);
  const kinds: string[] = [];
  return booked.movements.map(([kind, account, lib, auxNum, auxLib, ecritureLib, amount, analytics]) => {
    if (kinds.at(-1) !== kind) kinds.push(kind);
    return {
      journal: header.journal,
      journallib: header.journalLib,
      ecritureNum: booked.firstNum + kinds.length - 1,
      date,
      account,
      lib,
      accountAux: auxNum,
      accountAuxLib: auxLib,
      numberCaisse: header.pieceRef,
      numberCaisseDate: date,
      ecritureLib,
      debit: amount > 0 ? amount : 0,
      credit: amount < 0 ? -amount : 0,
      ecritureLet: '',
      dateLet: '',
      validDate: header.validDate,
      montantdevise: '',
      idevise: '',
      analytics: analytics ?? '',
    };
  });
}

/**
 * The chart's accounts and VAT keys whose number breaks the rule (issue 31, item 5), as saved before
 * the rule existed: an export refuses to write them.
 */
export function invalidAccountNumbers(setup: AccountingSetup): { name: string; number: string }[] {
  const keys = { ...ACCOUNTING_VAT_KEY_DEFAULTS, ...setup.keys };
  return [
    ...setup.accounts
      .filter(
        (a) => !isAccountNumberValid(a.number, keys.account_vat_account_length, accountNumberKind(a.type)),
      )
      .map((a) => ({ name: a.label, number: a.number })),
    ...invalidAccountNumberKeys(keys).map((key) => ({ name: key, number: keys[key] })),
  ];
}

/**
 * A digits-only account number right-padded with zeros to the chart's one length
 * (`account_vat_account_length`, issue 30 defect 17); others as configured.
 */
export function accountOfLength(account: string, keys: AccountingSetup['keys']): string {
  const length = Number(keys.account_vat_account_length || 0);
  return length > 0 && /^\d+$/.test(account) && account.length < length
    ? account.padEnd(length, '0')
    : account;
}

/**
 * EcritureLib within `account_vat_label_length` characters (issue 30, defect 17), the distinguishing
 * part first: the day (`DD/MM/YY`) and the establishment, shortened as needed, then what the line is,
 * cut at the end last. Without a length, the label as written (« what — establishment — day »).
 */
export function fittedLabel(
  label: string,
  keys: AccountingSetup['keys'],
  companyName: string,
  date: string,
): string {
  const max = Number(keys.account_vat_label_length || 0);
  if (max <= 0) return label;
  const day = `${date.slice(6, 8)}/${date.slice(4, 6)}/${date.slice(2, 4)}`;
  const suffix = ` — ${companyName} — ${date.slice(6, 8)}/${date.slice(4, 6)}/${date.slice(0, 4)}`;
  const what = label.endsWith(suffix) ? label.slice(0, -suffix.length) : label;
  const room = max - day.length - what.length - 2;
  const company = room >= 4 ? companyName.slice(0, room).trimEnd() : '';
  return [day, company, what].filter(Boolean).join(' ').slice(0, max).trimEnd();
}

export function toRow(
  header: ReturnType<typeof entryHeader>,
  m: Movement,
  keys: AccountingSetup['keys'],
  context: ExportContext,
): Omit<FecRow, 'ecritureNum'> {
  const validDate = validDateOf(keys, context.exportDay);
  return {
    journal: header.journal,
    journallib: header.journalLib,
    date: header.date,
    account: accountOfLength(m.account, keys),
    lib: m.lib,
    accountAux: m.aux?.num ?? '',
    accountAuxLib: m.aux?.name ?? '',
    numberCaisse: header.pieceRef,
    numberCaisseDate: header.date,
    ecritureLib: fittedLabel(m.ecritureLib, keys, context.companyName, header.date),
    ...(context.mode === 2 ? { analytics: m.analytics ?? '' } : {}),
    debit: m.amount > 0 ? m.amount : 0,
    credit: m.amount < 0 ? -m.amount : 0,
    ecritureLet: '',
    dateLet: '',
    validDate,
    montantdevise: '',
    idevise: '',
  };
}

/** Numbers the entries from `next`; returns the rows and the next free number. */
export function numberEntries(entries: FecEntry[], next: number): { rows: FecRow[]; next: number } {
  const rows: FecRow[] = [];
  for (const entry of entries) {
    for (const row of entry.rows) rows.push({ ...row, ecritureNum: next });
    next += 1;
  }
  return { rows, next };
}

/** The movements of a day's entries, as an export records them (`accounting_exported_days`). */
export function entryMovements(entries: FecEntry[]): ExportedMovement[] {
  return entries.flatMap((entry) =>
    entry.rows.map((row): ExportedMovement => {
      const movement: ExportedMovement = [
        entry.kind,
        row.account,
        row.lib,
        row.accountAux,
        row.accountAuxLib,
        row.ecritureLib,
        row.debit - row.credit,
      ];
      if (row.analytics) movement.push(row.analytics);
      return movement;
    }),
  );
}

export const CORRECTION_PREFIX = 'Correction — ';

/**
 * The entries an export writes for a day that earlier exports already wrote (`prior`: the sum of
 * their movements): per entry kind, nothing new when the day's entry is unchanged; the day's entry
 * itself when no export wrote that kind yet; else one correction entry holding, line by line (account,
 * auxiliary account, label), the difference between what the entry is now and what was exported,
 * labelled « Correction — … ». Both sides balance, so the correction does too.
 */
export function correctionEntries(
  current: FecEntry[],
  prior: ExportedMovement[],
  day: Pick<DayData, 'day' | 'closureNumber'>,
  keys: AccountingSetup['keys'],
  context: ExportContext,
): FecEntry[] {
  const entries: FecEntry[] = [];
  for (const kind of ENTRY_KINDS) {
    const now = current.find((e) => e.kind === kind);
    const before = prior.filter((m) => m[0] === kind);
    if (before.length === 0) {
      if (now) entries.push(now);
      continue;
    }
    // Lines compare by account and auxiliary account: a change of labels alone (the presentation
    // mode, say) changes no amount and writes nothing (issue 30, defect 8).
    const lines = new Map<string, { movement: Movement; amount: number; labels: Set<string> }>();
    const line = (
      account: string,
      lib: string,
      auxNum: string,
      auxLib: string,
      ecritureLib: string,
      analytics: string | undefined,
    ) => {
      const id = `${account}|${auxNum}`;
      let found = lines.get(id);
      if (!found) {
        found = {
          movement: {
            account,
            lib,
            aux: auxNum ? { num: auxNum, name: auxLib } : null,
            ecritureLib,
            amount: 0,
            key: id,
            analytics: analytics ?? '',
          },
          amount: 0,
          labels: new Set(),
        };
        lines.set(id, found);
      }
      found.labels.add(ecritureLib);
      return found;
    };
    for (const row of now?.rows ?? []) {
      line(row.account, row.lib, row.accountAux, row.accountAuxLib, row.ecritureLib, row.analytics).amount +=
        row.debit - row.credit;
    }
    const labelsNow = new Map([...lines].map(([id, l]) => [id, new Set(l.labels)]));
    for (const [, account, lib, auxNum, auxLib, ecritureLib, amount, analytics] of before) {
      line(account, lib, auxNum, auxLib, ecritureLib, analytics).amount -= amount;
    }
    // The line's own label when it has one (the entry's now, else the booked one), else the account's.
    const where = `${context.companyName} — ${formatBusinessDay(day.day)}`;
    for (const [id, l] of lines) {
      const labels = labelsNow.get(id)?.size ? labelsNow.get(id)! : l.labels;
      const label = labels.size === 1 ? [...labels][0]! : `${l.movement.lib} — ${where}`;
      l.movement.ecritureLib = `${CORRECTION_PREFIX}${label}`;
    }
    const header = now ?? entryHeader(keys, day);
    const rows = [...lines.values()]
      .filter((l) => l.amount !== 0)
      .map((l) => toRow(header, { ...l.movement, amount: l.amount }, keys, context));
    if (rows.length > 0) {
      entries.push({
        kind,
        journal: header.journal,
        journalLib: header.journalLib,
        date: header.date,
        pieceRef: header.pieceRef,
        rows,
      });
    }
  }
  return entries;
}
