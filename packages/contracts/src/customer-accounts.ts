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
const choices = (values: readonly string[]) => {
  const one = values.map((v) => v.replace(/[-]/g, '\\-')).join('|');
  return z
    .string()
    .trim()
    .max(100)
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
  /** Accounts matching the search and filters; more than `accounts.length` when the list was cut. */
  total: z.number().int(),
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

export const customerAccountErrorCode = z.enum(['CUSTOMER_TYPE_FILTER_SUITE_ONLY']);
export type CustomerAccountErrorCode = z.infer<typeof customerAccountErrorCode>;
