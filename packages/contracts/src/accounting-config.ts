// Over 400 lines: spec 3's accounting configuration calls (accounts, links, VAT keys, counter), one schema per call in the spec's order.
import { z } from 'zod';
import { id } from './common';
import { isCalendarDay } from './clock';
import { ACCOUNTING_EXPORT_DEFAULT_MODE, accountingExportMode } from './accounting-export';
import { isExerciseEndValid } from './accounting-pack';

// `exportVat/*` configuration calls (spec 3 §3, §5, §7, §8): accounts, links, VAT keys, entry counter.

/** Spec 3 §9: the analytics section an account gets unless another is typed. */
export const ACCOUNTING_DEFAULT_ANALYTICS = 'Défaut';

/** Spec 3 §3, in the drawer's order; `cashback` only for a swift user with cashback payment types. */
export const ACCOUNTING_ACCOUNT_TYPES = [
  'product',
  'payment',
  'vat',
  'customer',
  'achats',
  'ventes',
  'offered',
  'discount',
  '_offered',
  '_discount',
  'cashback',
] as const;
export const accountingAccountType = z.enum(ACCOUNTING_ACCOUNT_TYPES);
export type AccountingAccountType = z.infer<typeof accountingAccountType>;

/**
 * What a link's `id_table` names, per account type (the FEC engine reads the links with this meaning):
 * payment → `payment_types.id`; vat → `vat_rates.id` (its `tax_rate` is that rate); product →
 * `product_categories.id` or `products.id` (a product's link wins over its category's); discount /
 * _discount → a discount kind of `ACCOUNTING_DISCOUNT_KINDS`; offered / _offered →
 * `product_categories.id` of the offered items; cashback → `payment_types.id`. Customer, achats and
 * ventes accounts have no links: their `table_id` holds the customer account id or the movement id.
 */
export const ACCOUNTING_LINK_ITEM_KIND: Record<
  AccountingAccountType,
  'payment' | 'vat' | 'product' | 'discount' | 'category' | null
> = {
  product: 'product',
  payment: 'payment',
  vat: 'vat',
  customer: null,
  achats: null,
  ventes: null,
  offered: 'category',
  discount: 'discount',
  _offered: 'category',
  _discount: 'discount',
  cashback: 'payment',
};

/** The discounts the registers record: on an order line, or on the whole order. */
export const ACCOUNTING_DISCOUNT_KINDS = ['line', 'order'] as const;

/**
 * Customer-account settlements received outside the registers (bank transfers) carry no payment
 * type: a payment account links them under this id, like a payment type's.
 */
export const ACCOUNTING_TRANSFER_PAYMENT_ID = 'transfer';
export type AccountingDiscountKind = (typeof ACCOUNTING_DISCOUNT_KINDS)[number];

/** Types whose accounts stand for one row (`table_id`): the customer account, or a movement id. */
export const accountingTypeNeedsTableId = (type: AccountingAccountType): boolean =>
  type === 'customer' || type === 'achats' || type === 'ventes';

/** A movement id (achats / ventes, §5): digits only. */
export const isMovementId = (value: string): boolean => /^\d+$/.test(value);

/** A VAT rate as the order lines hold it (`0.1000` for 10 %). */
const taxRate = z.string().regex(/^\d(\.\d{1,4})?$/);

export const accountingLink = z.object({
  id,
  id_account: id,
  id_table: z.string(),
  type: accountingAccountType,
  tax_rates: z.array(taxRate),
  all_tax_rates: z.boolean(),
  /** One link row per covered rate; null when it covers every rate (or does not depend on one). */
  tax_rate: taxRate.nullable(),
});
export type AccountingLink = z.infer<typeof accountingLink>;

export const accountingAccount = z.object({
  _id: id,
  id,
  id_company: id,
  label: z.string(),
  account_number: z.string(),
  analytics: z.string(),
  type: accountingAccountType,
  all_floors: z.boolean(),
  floors: z.array(z.string()),
  table_id: z.string().nullable(),
  linking: z.array(z.object({ id_table: z.string() })),
});
export type AccountingAccount = z.infer<typeof accountingAccount>;

/** `[{ datas }]`, the shape of every list call of the drawer (spec 3 §7). */
const datas = <T extends z.ZodType>(item: T) => z.array(z.object({ datas: z.array(item) }));

export const accountingCompanyQuery = z.object({ idCompany: id });
export type AccountingCompanyQuery = z.infer<typeof accountingCompanyQuery>;

export const accountingAccountsResponse = datas(accountingAccount);
export type AccountingAccountsResponse = z.infer<typeof accountingAccountsResponse>;
export const accountingLinksResponse = datas(accountingLink);
export type AccountingLinksResponse = z.infer<typeof accountingLinksResponse>;

/** A choice of the drawer's lists: a customer, room, VAT rate, category, discount kind, product... */
export const accountingChoice = z.object({
  id: z.string(),
  name: z.string(),
  /** VAT rates: the rate as the order lines hold it; products: their category. */
  rate: z.string().optional(),
  category_id: z.string().optional(),
});
export type AccountingChoice = z.infer<typeof accountingChoice>;
export const accountingChoicesResponse = datas(accountingChoice);
export type AccountingChoicesResponse = z.infer<typeof accountingChoicesResponse>;

const requiredText = (max: number) => z.string().max(max);

/** `POST exportVat/createVatAccounts` (§7); the rules of §5 are `accountingAccountProblem`. */
export const accountingAccountCreate = z.object({
  idCompany: id,
  type: accountingAccountType,
  account_number: requiredText(40),
  label: requiredText(200),
  analytics: requiredText(100).optional(),
  all_floors: z.boolean().optional(),
  floors: z.array(id).max(500).optional(),
  table_id: z.string().max(100).nullable().optional(),
});
export type AccountingAccountCreate = z.infer<typeof accountingAccountCreate>;

export const accountingAccountUpdate = accountingAccountCreate.extend({ id });
export type AccountingAccountUpdate = z.infer<typeof accountingAccountUpdate>;

export const accountingAccountDelete = z.object({ idCompany: id, id });
export type AccountingAccountDelete = z.infer<typeof accountingAccountDelete>;

export const accountingAccountSaved = z.array(z.object({ result: accountingAccount }));
export type AccountingAccountSaved = z.infer<typeof accountingAccountSaved>;
export const accountingResult = z.array(z.object({ result: z.boolean() }));
export type AccountingResult = z.infer<typeof accountingResult>;

/** Why an account may not be saved (§5), or null. */
export type AccountingAccountProblem =
  | 'ACCOUNTING_REQUIRED_FIELDS'
  | 'ACCOUNTING_ACCOUNT_NUMBER_INVALID'
  | 'ACCOUNTING_MOVEMENT_ID_DIGITS'
  | 'ACCOUNTING_CUSTOMER_ALREADY_LINKED';

/**
 * Spec 3 §5: analytics, label and account number non-empty after trimming; a customer account chosen
 * for the customer type; a movement id of digits only for achats / ventes (when given). Issue 31: the
 * number obeys `isAccountNumberValid` under the establishment's `account_vat_account_length`.
 */
export function accountingAccountProblem(
  account: {
    type: AccountingAccountType;
    account_number: string;
    label: string;
    analytics?: string | undefined;
    table_id?: string | null | undefined;
  },
  accountLength = '',
): AccountingAccountProblem | null {
  const analytics = account.analytics ?? ACCOUNTING_DEFAULT_ANALYTICS;
  const filled = [account.account_number, account.label, analytics].every((v) => v.trim() !== '');
  const tableId = account.table_id?.trim() ?? '';
  if (!filled || (account.type === 'customer' && tableId === '')) return 'ACCOUNTING_REQUIRED_FIELDS';
  if (!isAccountNumberValid(account.account_number.trim(), accountLength, accountNumberKind(account.type))) {
    return 'ACCOUNTING_ACCOUNT_NUMBER_INVALID';
  }
  if ((account.type === 'achats' || account.type === 'ventes') && tableId !== '' && !isMovementId(tableId)) {
    return 'ACCOUNTING_MOVEMENT_ID_DIGITS';
  }
  return null;
}

/** One link of `updateVatLinking`: one entry per tax rate, `tax_rate` null if none (§7). */
export const accountingLinkInput = z.object({
  id_account: id,
  id_table: z.string().min(1).max(100),
  tax_rates: z.array(taxRate).max(20).optional(),
  all_tax_rates: z.boolean().optional(),
  tax_rate: taxRate.nullable(),
});
export type AccountingLinkInput = z.infer<typeof accountingLinkInput>;

/**
 * `POST exportVat/updateVatLinking`: the whole set of links of the accounts named (`accountIds`, every
 * account of the establishment when absent) is replaced by `accountLinking`.
 */
export const accountingLinkingUpdate = z.object({
  idCompany: id,
  accountIds: z.array(id).max(2000).optional(),
  accountLinking: z.array(accountingLinkInput).max(20000),
});
export type AccountingLinkingUpdate = z.infer<typeof accountingLinkingUpdate>;

/** Spec 3 §3 "VAT settings keys"; `account_vat_ecriturenum` is the entry counter (`ecritureNum` calls). */
export const ACCOUNTING_VAT_KEYS = [
  'account_vat_validdate',
  'account_vat_journal',
  'account_vat_journallib',
  'account_vat_discount',
  'account_vat__discount',
  'account_vat_offered',
  'account_vat__offered',
  'account_vat_customer_account',
  'account_vat_prepaid',
  'account_vat_achats',
  'account_vat_ventes',
  'account_vat_tips',
  'account_vat_regulation_account',
  'account_vat_cashfloat_debit',
  'account_vat_cashfloat_credit',
  'account_vat_mode',
  'account_vat_discount_booking',
  'account_vat_cash_transfer',
  'account_vat_cash_expense',
  'account_vat_cash_shortage',
  'account_vat_cash_overage',
  'account_vat_exercise_end',
  'account_vat_label_length',
  'account_vat_charset',
  'account_vat_account_length',
] as const;
export const accountingVatKey = z.enum(ACCOUNTING_VAT_KEYS);
export type AccountingVatKey = z.infer<typeof accountingVatKey>;
export type AccountingVatKeys = Record<AccountingVatKey, string>;

/**
 * What a register's cash movement is, for the cash journal (issue 30, defect 6): the registers record
 * an amount (into the drawer when positive) and a notice, no kind. Out to the bank (« Remise en
 * banque », « dépôt », « versement ») is a deposit; any other way out a petty-cash expense; any way in
 * cash brought in.
 */
export type CashMovementKind = 'deposit' | 'expense' | 'cashIn';
export function cashMovementKind(amount: number, notice: string): CashMovementKind {
  if (amount > 0) return 'cashIn';
  return /remise en banque|d[ée]p[oô]t|versement|banque/i.test(notice) ? 'deposit' : 'expense';
}

/**
 * The file's layout for accounting packages that need it (issue 30, defect 17): `account_vat_label_length`
 * cuts EcritureLib to that many characters keeping the day and the establishment first ('' no cut);
 * `account_vat_account_length` pads account numbers made of digits with zeros to one length ('' as
 * configured); `account_vat_charset` `latin9` writes ISO 8859-15 instead of UTF-8.
 */
export const LABEL_LENGTHS = { min: 20, max: 200 } as const;
export const ACCOUNT_LENGTHS = { min: 6, max: 15 } as const;
export const ACCOUNTING_CHARSETS = ['', 'latin9'] as const;
export type AccountingCharset = (typeof ACCOUNTING_CHARSETS)[number];
export const isAccountingCharset = (value: string): value is AccountingCharset =>
  (ACCOUNTING_CHARSETS as readonly string[]).includes(value);
/** Empty, or a whole number within the bounds. */
export function isWholeIn(value: string, bounds: { min: number; max: number }): boolean {
  return (
    value === '' || (/^\d{1,3}$/.test(value) && Number(value) >= bounds.min && Number(value) <= bounds.max)
  );
}

/**
 * Account numbers (issue 31, item 5): a general account (CompteNum) is digits only, no longer than
 * the chart's length when `account_vat_account_length` is set (a shorter one is padded with zeros),
 * else than the longest length a chart may take; a customer account's number is its auxiliary code
 * (CompAuxNum), letters and digits. Nothing else reaches the FEC: no sign, space, symbol or path.
 */
export function isAccountNumberValid(
  number: string,
  accountLength: string,
  kind: 'general' | 'auxiliary' = 'general',
): boolean {
  if (kind === 'auxiliary') return /^[A-Za-z0-9]{1,40}$/.test(number);
  return /^\d+$/.test(number) && number.length <= accountNumberMaxLength(accountLength);
}

/** The most digits a general account number may have under the chart's `account_vat_account_length`. */
export function accountNumberMaxLength(accountLength: string): number {
  return accountLength !== '' && isWholeIn(accountLength, ACCOUNT_LENGTHS)
    ? Number(accountLength)
    : ACCOUNT_LENGTHS.max;
}

/** A chart account's number is auxiliary for the customer type, general otherwise. */
export const accountNumberKind = (type: AccountingAccountType): 'general' | 'auxiliary' =>
  type === 'customer' ? 'auxiliary' : 'general';

/** The VAT settings keys that hold a general account number ('' when unset). */
export const ACCOUNTING_ACCOUNT_NUMBER_KEYS = [
  'account_vat_discount',
  'account_vat__discount',
  'account_vat_offered',
  'account_vat__offered',
  'account_vat_customer_account',
  'account_vat_prepaid',
  'account_vat_tips',
  'account_vat_regulation_account',
  'account_vat_cashfloat_debit',
  'account_vat_cashfloat_credit',
  'account_vat_cash_transfer',
  'account_vat_cash_expense',
  'account_vat_cash_shortage',
  'account_vat_cash_overage',
] as const satisfies readonly AccountingVatKey[];

/** The account-number keys whose value breaks the rule, for the fields to mark. */
export function invalidAccountNumberKeys(keys: AccountingVatKeys): AccountingVatKey[] {
  return ACCOUNTING_ACCOUNT_NUMBER_KEYS.filter(
    (key) => keys[key] !== '' && !isAccountNumberValid(keys[key], keys.account_vat_account_length),
  );
}

/**
 * How discounts are booked (issue 30, defect 5): `''` net (the default: sales are credited net of their
 * discounts and no discount entry is written), `gross` (sales credited before discount, the discounts
 * excluding VAT debited per VAT rate to the discount account, 709 by default).
 */
export const ACCOUNTING_DISCOUNT_BOOKINGS = ['', 'gross'] as const;
export type AccountingDiscountBooking = (typeof ACCOUNTING_DISCOUNT_BOOKINGS)[number];
export const isDiscountBooking = (value: string): value is AccountingDiscountBooking =>
  (ACCOUNTING_DISCOUNT_BOOKINGS as readonly string[]).includes(value);

export const ACCOUNTING_VAT_KEY_DEFAULTS: AccountingVatKeys = {
  ...(Object.fromEntries(ACCOUNTING_VAT_KEYS.map((key) => [key, ''])) as AccountingVatKeys),
  account_vat_mode: String(ACCOUNTING_EXPORT_DEFAULT_MODE),
};

/** Why a set of VAT keys may not be saved (§5), or null. */
export type AccountingVatKeysProblem =
  | 'ACCOUNTING_ACCOUNT_NUMBER_INVALID'
  | 'ACCOUNTING_MOVEMENT_ID_DIGITS'
  | 'ACCOUNTING_CASHFLOAT_PAIR'
  | 'ACCOUNTING_MODE_INVALID'
  | 'ACCOUNTING_VALID_DATE_INVALID'
  | 'ACCOUNTING_DISCOUNT_BOOKING_INVALID'
  | 'ACCOUNTING_EXERCISE_END_INVALID'
  | 'ACCOUNTING_FILE_LAYOUT_INVALID';

/** Digits only in the movement ids (achats / ventes); an empty field is allowed. */
export const isVatKeyMovementIdValid = (value: string): boolean => value === '' || isMovementId(value);

/** A validation date as saved (`YYYY-MM-DD`, or `YYYYMMDD` as the FEC writes it) in `YYYY-MM-DD`. */
export const vatKeyValidDay = (value: string): string =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;

/** The validation date (ValidDate): empty for the export's day, else a calendar day. */
export const isVatKeyValidDateValid = (value: string): boolean =>
  value === '' || isCalendarDay(vatKeyValidDay(value));

/** Both cash-float accounts or none (§5, checked on blur). */
export const isCashFloatPairValid = (debit: string, credit: string): boolean =>
  (debit.trim() === '') === (credit.trim() === '');

/** The rules of §5 on the keys as they would be once saved. */
export function accountingVatKeysProblem(keys: AccountingVatKeys): AccountingVatKeysProblem | null {
  if (
    !isVatKeyMovementIdValid(keys.account_vat_achats) ||
    !isVatKeyMovementIdValid(keys.account_vat_ventes)
  ) {
    return 'ACCOUNTING_MOVEMENT_ID_DIGITS';
  }
  if (!isCashFloatPairValid(keys.account_vat_cashfloat_debit, keys.account_vat_cashfloat_credit)) {
    return 'ACCOUNTING_CASHFLOAT_PAIR';
  }
  if (!accountingExportMode.safeParse(Number(keys.account_vat_mode)).success)
    return 'ACCOUNTING_MODE_INVALID';
  if (!isVatKeyValidDateValid(keys.account_vat_validdate)) return 'ACCOUNTING_VALID_DATE_INVALID';
  if (!isDiscountBooking(keys.account_vat_discount_booking)) return 'ACCOUNTING_DISCOUNT_BOOKING_INVALID';
  if (!isExerciseEndValid(keys.account_vat_exercise_end)) return 'ACCOUNTING_EXERCISE_END_INVALID';
  if (
    !isWholeIn(keys.account_vat_label_length, LABEL_LENGTHS) ||
    !isWholeIn(keys.account_vat_account_length, ACCOUNT_LENGTHS) ||
    !isAccountingCharset(keys.account_vat_charset)
  ) {
    return 'ACCOUNTING_FILE_LAYOUT_INVALID';
  }
  if (invalidAccountNumberKeys(keys).length > 0) return 'ACCOUNTING_ACCOUNT_NUMBER_INVALID';
  return null;
}

export const accountingVatKeysResponse = z.array(
  z.object({
    /** Every key, a key never saved read as its default ('' or the mode 2). */
    datas: z.record(accountingVatKey, z.string()),
    /** The next entry number (`account_vat_ecriturenum`). */
    account_vat_ecriturenum: z.number().int(),
  }),
);
export type AccountingVatKeysResponse = z.infer<typeof accountingVatKeysResponse>;

/** `POST exportVat/updateVatKeys`: the changed keys only. */
export const accountingVatKeysUpdate = z.object({
  idCompany: id,
  vatKeys: z.partialRecord(accountingVatKey, z.string().trim().max(100)),
});
export type AccountingVatKeysUpdate = z.infer<typeof accountingVatKeysUpdate>;

/**
 * `PATCH exportVat/ecritureNum`: sets the next entry number. A number above the next one leaves
 * numbers unused: refused (409 ACCOUNTING_ECRITURE_NUM_GAP) unless `confirmGap` says the user saw it.
 */
export const accountingEcritureNumSet = z.object({
  idCompany: id,
  confirmGap: z.boolean().optional(),
  value: z.number().int().min(1).max(2_000_000_000),
});
export type AccountingEcritureNumSet = z.infer<typeof accountingEcritureNumSet>;
/** `POST exportVat/ecritureNum`: reads the next entry number (the export job advances it). */
export const accountingEcritureNumQuery = z.object({ idCompany: id });
export const accountingEcritureNumResponse = z.array(z.object({ ecritureNum: z.number().int() }));
export type AccountingEcritureNumResponse = z.infer<typeof accountingEcritureNumResponse>;

/** One account of the proposed French chart (plan comptable général), with what it would cover. */
export const accountingProposedAccount = z.object({
  type: accountingAccountType,
  account_number: z.string(),
  label: z.string(),
  /** The links it would get: `id_table` and the rate (VAT accounts). */
  links: z.array(z.object({ id_table: z.string(), tax_rate: taxRate.nullable() })),
});
export type AccountingProposedAccount = z.infer<typeof accountingProposedAccount>;

/** `GET exportVat/proposeChart`: the chart proposed, and the VAT keys it would set when empty. */
export const accountingChartProposal = z.object({
  accounts: z.array(accountingProposedAccount),
  vatKeys: z.partialRecord(accountingVatKey, z.string()),
});
export type AccountingChartProposal = z.infer<typeof accountingChartProposal>;
export const accountingChartProposalResponse = z.array(z.object({ datas: accountingChartProposal }));
export type AccountingChartProposalResponse = z.infer<typeof accountingChartProposalResponse>;

/** `POST exportVat/applyChart`: creates the proposed accounts the user confirmed. */
export const accountingChartApply = z.object({ idCompany: id });
export const accountingChartApplied = z.array(z.object({ result: z.boolean(), created: z.number().int() }));
export type AccountingChartApplied = z.infer<typeof accountingChartApplied>;

export const accountingConfigErrorCode = z.enum([
  'ACCOUNTING_REQUIRED_FIELDS',
  'ACCOUNTING_ACCOUNT_NUMBER_INVALID',
  'ACCOUNTING_MOVEMENT_ID_DIGITS',
  'ACCOUNTING_CUSTOMER_ALREADY_LINKED',
  'ACCOUNTING_CUSTOMER_NOT_FOUND',
  'ACCOUNTING_LINK_ITEM_TAKEN',
  'ACCOUNTING_LINK_ITEM_UNKNOWN',
  'ACCOUNTING_CASHFLOAT_PAIR',
  'ACCOUNTING_MODE_INVALID',
  'ACCOUNTING_VALID_DATE_INVALID',
  'ACCOUNTING_DISCOUNT_BOOKING_INVALID',
  'ACCOUNTING_EXERCISE_END_INVALID',
  'ACCOUNTING_FILE_LAYOUT_INVALID',
  'ACCOUNTING_ACCOUNT_NOT_FOUND',
  'ACCOUNTING_ECRITURE_NUM_USED',
  'ACCOUNTING_ECRITURE_NUM_GAP',
]);
export type AccountingConfigErrorCode = z.infer<typeof accountingConfigErrorCode>;
