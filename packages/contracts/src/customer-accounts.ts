import { z } from 'zod';
import { cents, id } from './common';

/**
 * Customer accounts (spec 3, issue 16): open tabs (type 0) and pre-loaded accounts (type 1) that the
 * registers create and charge; their balances and statistics come from the signed operations and
 * orders. Money is integer cents.
 */

// `GET /api/customer-account` (spec 3 §7), with the list's search, sort and filters (§4, §9).

/** Visit buckets of the filter (§9): none (0), 1-10, 11-50, 51-100, over 100. */
export const CUSTOMER_VISIT_BUCKETS = ['none', '1-10', '11-50', '51-100', 'over100'] as const;
export const CUSTOMER_BALANCE_FILTERS = ['debit', 'zero', 'credit'] as const;
export const CUSTOMER_INFO_FILTERS = ['phone', 'email', 'neither'] as const;
export const CUSTOMER_TYPE_FILTERS = ['0', '1'] as const;
/** The list shows at most this many rows when no search or filter is active (§9). */
export const CUSTOMER_LIST_UNFILTERED_LIMIT = 100;
/**
 * Beyond the spec, which sends every row at once: the list is paged by the server, so that a
 * keystroke on 10 000 accounts ships one page, not megabytes. The portal shows 25 rows a page; a
 * client may ask for up to 1000 (the default, for a client that does not page).
 */
export const CUSTOMER_LIST_PAGE_SIZE = 10;
export const CUSTOMER_LIST_MAX_PAGE_SIZE = 1000;

export const customerAccountSortKey = z.enum([
  'card_number',
  'lastname',
  'firstname',
  'email',
  'phone',
  'address',
  'customer_company_id',
  'establishment',
  'balance',
  'visit',
  'order_average',
  'guest_average',
  'nb_guests',
  'turnover',
  'discount',
  'offered',
  'total',
]);
export type CustomerAccountSortKey = z.infer<typeof customerAccountSortKey>;

/** A comma-separated choice among `values`: `visit=1-10,11-50`. */
const choices = (values: readonly string[], maxLength = 100) => {
  const one = values.map((v) => v.replace(/[-]/g, '\\-')).join('|');
  return z
    .string()
    .trim()
    .max(maxLength)
    .regex(new RegExp(`^(${one})(,(${one}))*$`), `a comma-separated list of ${values.join(', ')}`);
};

/**
 * Every field is optional. Within a filter the choices add up (either bucket); filters and search
 * narrow each other. `type` is for the suite edition only (403 CUSTOMER_TYPE_FILTER_SUITE_ONLY).
 */
export const customerAccountListQuery = z.object({
  /** Matched, lowercased, as a substring of the account's `search` text (names, e-mail, phone, card, company). */
  search: z.string().max(200).optional(),
  sort: customerAccountSortKey.optional(),
  order: z.enum(['asc', 'desc']).optional(),
  visit: choices(CUSTOMER_VISIT_BUCKETS).optional(),
  balance: choices(CUSTOMER_BALANCE_FILTERS).optional(),
  info: choices(CUSTOMER_INFO_FILTERS).optional(),
  type: choices(CUSTOMER_TYPE_FILTERS).optional(),
  /** 1 for the first page (the default). */
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(CUSTOMER_LIST_MAX_PAGE_SIZE).optional(),
  /**
   * `1`: every matching account, even without search or filter (the table's extraction, issue 31,
   * item 16), instead of the list's first 100.
   */
  every: z.enum(['1']).optional(),
});
export type CustomerAccountListQuery = z.infer<typeof customerAccountListQuery>;

export const customerAccountCompany = z.object({
  id,
  company_name: z.string(),
  /** The account's number in this establishment: the row link's path segment. */
  uniq_id_customer: z.number().int(),
});
export type CustomerAccountCompany = z.infer<typeof customerAccountCompany>;

export const customerInfos = z.object({
  details_email: z.string().nullable(),
  details_phone: z.string().nullable(),
  address: z.string().nullable(),
  address_zipcode: z.string().nullable(),
  address_city: z.string().nullable(),
  note: z.string().nullable(),
  is_company: z.union([z.literal(0), z.literal(1)]),
  customer_company_name: z.string().nullable(),
  /** SIREN. */
  customer_company_id: z.string().nullable(),
  customer_company_vat: z.string().nullable(),
});
export type CustomerInfos = z.infer<typeof customerInfos>;

/**
 * Computed from the signed records: balance is the sum of the account's operations; the rest from
 * the orders its charges name (a visit is one such order; turnover is their total including VAT,
 * discount and offered what they gave away). total = turnover + discount + offered.
 */
export const customerAccountDetails = z.object({
  balance: cents,
  visit: z.number().int(),
  order_average: cents,
  guest_average: cents,
  nb_guests: z.number().int(),
  turnover: cents,
  discount: cents,
  offered: cents,
  total: cents,
});
export type CustomerAccountDetails = z.infer<typeof customerAccountDetails>;

export const customerAccountListItem = z.object({
  id,
  lastname: z.string(),
  firstname: z.string(),
  /** Present in the standard edition only (spec 3 §2). */
  card_number: z.string().nullable().optional(),
  type: z.union([z.literal(0), z.literal(1)]),
  search: z.string(),
  companies: z.array(customerAccountCompany),
  customer_infos: customerInfos,
  account_details: customerAccountDetails,
});
export type CustomerAccountListItem = z.infer<typeof customerAccountListItem>;

export const customerAccountListResponse = z.object({
  edition: z.enum(['suite', 'standard']),
  /** Accounts matching the search and filters. */
  total: z.number().int(),
  /** The rows the list holds over all its pages: `total`, or at most 100 without search or filter. */
  listed: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The page asked for, in the order asked for. */
  accounts: z.array(customerAccountListItem),
});
export type CustomerAccountListResponse = z.infer<typeof customerAccountListResponse>;

// `GET /api/user/users`, `/api/user/paymentTypes`, `/api/user/isSwift` (the history modal's pickers).

/** The registers' staff of the caller's establishments: who recorded an operation. */
export const customerAccountUser = z.object({
  id,
  user_firstname_lastname: z.string(),
});
export const customerAccountUsersResponse = z.array(customerAccountUser);
export type CustomerAccountUsersResponse = z.infer<typeof customerAccountUsersResponse>;

/** The payment types of the caller's establishments (one per id). */
export const customerAccountPaymentType = z.object({
  id,
  id_company: id,
  payment_name: z.string(),
});
export const customerAccountPaymentTypesResponse = z.array(customerAccountPaymentType);
export type CustomerAccountPaymentTypesResponse = z.infer<typeof customerAccountPaymentTypesResponse>;

export const isSwiftResponse = z.object({ isSwift: z.boolean() });
export type IsSwiftResponse = z.infer<typeof isSwiftResponse>;

// `GET /api/customer-account/getOptions`, `PUT /api/customer-account/upsertOption` (the settings modal).

/** The option keys of the settings modal (spec 3 §3); switches hold '1' or '0'. */
export const CUSTOMER_OPTION_SWITCH_KEYS = [
  'customer_account',
  'ca_auto_disable',
  'ca_no_up_amount',
  'ca_no_negative',
  'ca_no_us_ticket',
  'ca_auto_disabled',
  'ca_auto_email_new_tk',
  'ca_floor_exc_payment',
] as const;
export const CUSTOMER_OPTION_TEXT_KEYS = [
  'bic',
  'iban',
  'ca_alert_email',
  'ca_alert_default_balance',
  // Dunning (issue 31, item 26): the From display name and the Reply-To of reminders.
  'ca_dunning_sender_name',
  'ca_dunning_reply_to',
] as const;
/** The settings of reminders (issue 31, item 26), under their own heading in the form. */
export const CUSTOMER_DUNNING_OPTION_KEYS = ['ca_dunning_sender_name', 'ca_dunning_reply_to'] as const;
/** Settable in the suite edition only (spec 3 §6). */
export const CUSTOMER_OPTION_SUITE_ONLY_KEY = 'ca_floor_exc_payment';

export const customerOptionKey = z.enum([...CUSTOMER_OPTION_SWITCH_KEYS, ...CUSTOMER_OPTION_TEXT_KEYS]);
export type CustomerOptionKey = z.infer<typeof customerOptionKey>;

/** `keys`: comma-separated option keys; every key when absent. */
export const customerOptionsQuery = z.object({
  keys: choices(customerOptionKey.options, 500).optional(),
});
export type CustomerOptionsQuery = z.infer<typeof customerOptionsQuery>;

/** The requested keys with their values; a key never saved gives '0' (switch, alert balance) or ''. */
export const customerOptionsResponse = z.partialRecord(customerOptionKey, z.string());
export type CustomerOptionsResponse = z.infer<typeof customerOptionsResponse>;

/**
 * One changed option. A switch takes '1' or '0'. The alert balance is normalised (spec 3 §5): a comma
 * becomes a dot, empty or invalid gives 0, a positive amount is made negative.
 */
export const customerOptionUpsert = z.object({
  key: customerOptionKey,
  // Above the longest setting (an e-mail, 254), so that a long one answers CUSTOMER_OPTION_TOO_LONG.
  value: z.string().max(300),
});
export type CustomerOptionUpsert = z.infer<typeof customerOptionUpsert>;
/** The option as stored, after normalisation. */
export const customerOptionResponse = z.object({ key: customerOptionKey, value: z.string() });
export type CustomerOptionResponse = z.infer<typeof customerOptionResponse>;

/**
 * `PUT /api/customer-account/options`: the settings form's changes saved together (issue 31, item 12):
 * every one is checked first, then all are stored in one transaction, or none.
 */
export const customerOptionsSave = z.object({
  options: z.array(customerOptionUpsert).min(1).max(customerOptionKey.options.length),
});
export type CustomerOptionsSave = z.infer<typeof customerOptionsSave>;
export const customerOptionsSaved = z.object({ options: z.array(customerOptionResponse) });
export type CustomerOptionsSaved = z.infer<typeof customerOptionsSaved>;

/** The longest value each text setting takes (an IBAN has at most 34 characters, a BIC 11). */
export const CUSTOMER_OPTION_MAX_LENGTH: Record<(typeof CUSTOMER_OPTION_TEXT_KEYS)[number], number> = {
  bic: 11,
  iban: 34,
  ca_alert_email: 254,
  ca_alert_default_balance: 20,
  ca_dunning_sender_name: 80,
  ca_dunning_reply_to: 254,
};

/** Why a setting's value is refused: the code the server answers, the field the form turns red. */
export type CustomerOptionProblem =
  | 'CUSTOMER_OPTION_INVALID'
  | 'CUSTOMER_OPTION_TOO_LONG'
  | 'CUSTOMER_OPTION_IBAN_INVALID'
  | 'CUSTOMER_OPTION_BIC_INVALID'
  | 'CUSTOMER_OPTION_EMAIL_INVALID'
  | 'CUSTOMER_OPTION_NAME_INVALID';

/** An IBAN's check digits (ISO 13616, mod 97), spaces ignored. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/**
 * What is wrong with a setting's value, for the form and the server alike (issue 31, item 12): a
 * switch takes '1' or '0'; a text setting its length; the BIC 8 or 11 letters and digits, the IBAN its
 * check digits, the alert and reply-to addresses e-mails, the sender name a name (no line break,
 * control character, `@`, `<` or `>`: a display name, never read as an address) — each may be left
 * empty. Null when it is fine.
 */
export function customerOptionProblem(key: CustomerOptionKey, value: string): CustomerOptionProblem | null {
  const text = value.trim();
  if ((CUSTOMER_OPTION_SWITCH_KEYS as readonly string[]).includes(key))
    return text === '1' || text === '0' ? null : 'CUSTOMER_OPTION_INVALID';
  const textKey = key as (typeof CUSTOMER_OPTION_TEXT_KEYS)[number];
  const compact = key === 'iban' || key === 'bic' ? text.replace(/\s/g, '') : text;
  if (compact.length > CUSTOMER_OPTION_MAX_LENGTH[textKey]) return 'CUSTOMER_OPTION_TOO_LONG';
  if (compact === '') return null;
  if (key === 'bic' && !/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(compact))
    return 'CUSTOMER_OPTION_BIC_INVALID';
  if (key === 'iban' && !isValidIban(compact)) return 'CUSTOMER_OPTION_IBAN_INVALID';
  if ((key === 'ca_alert_email' || key === 'ca_dunning_reply_to') && !z.email().safeParse(compact).success)
    return 'CUSTOMER_OPTION_EMAIL_INVALID';
  if (key === 'ca_dunning_sender_name' && /[\p{Cc}\p{Cf}@<>]/u.test(compact))
    return 'CUSTOMER_OPTION_NAME_INVALID';
  return null;
}

/**
 * The alert balance as spec 3 §5 has it, for the settings form and the server alike: a comma becomes
 * a dot, empty or invalid gives 0, a positive amount is made negative.
 */
export function normaliseAlertBalance(input: string): string {
  const text = input.trim().replace(',', '.');
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return '0';
  const amount = -Math.abs(Number(text));
  return amount === 0 ? '0' : String(amount);
}

// `POST /api/customer-account/customers/removed` and `POST /api/customer-account/customer/removed`.

/** Suite edition only; refused (nothing removed) when any account has a non-zero balance. */
export const customerAccountsRemove = z.object({
  customerIds: z.array(id).min(1).max(1000),
});
export type CustomerAccountsRemove = z.infer<typeof customerAccountsRemove>;
export const customerAccountRemove = z.object({ customerId: id });
export type CustomerAccountRemove = z.infer<typeof customerAccountRemove>;
export const customerAccountsRemovedResponse = z.object({ customerIds: z.array(id) });
export type CustomerAccountsRemovedResponse = z.infer<typeof customerAccountsRemovedResponse>;

export const customerAccountErrorCode = z.enum([
  'CUSTOMER_TYPE_FILTER_SUITE_ONLY',
  'CUSTOMER_OPTION_INVALID',
  'CUSTOMER_OPTION_TOO_LONG',
  'CUSTOMER_OPTION_IBAN_INVALID',
  'CUSTOMER_OPTION_BIC_INVALID',
  'CUSTOMER_OPTION_EMAIL_INVALID',
  'CUSTOMER_OPTION_NAME_INVALID',
  'CUSTOMER_OPTION_SUITE_ONLY',
  'CUSTOMER_DELETE_SUITE_ONLY',
  'CUSTOMER_ACCOUNT_NOT_FOUND',
  'CUSTOMER_BALANCE_NOT_ZERO',
  'CUSTOMER_EDIT_SUITE_ONLY',
  'CUSTOMER_REQUIRED_FIELDS',
  'CUSTOMER_EMAIL_INVALID',
  'CUSTOMER_PHONE_INVALID',
  'CUSTOMER_COMPANY_NOT_FOUND',
]);
export type CustomerAccountErrorCode = z.infer<typeof customerAccountErrorCode>;
