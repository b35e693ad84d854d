import {
  CUSTOMER_LIST_MAX_PAGE_SIZE,
  CUSTOMER_LIST_UNFILTERED_LIMIT,
  CUSTOMER_OPTION_SUITE_ONLY_KEY,
  CUSTOMER_OPTION_SWITCH_KEYS,
  customerOptionKey,
  customerOptionProblem,
  normaliseAlertBalance,
  type CustomerOptionsSave,
  type CustomerOptionsSaved,
  type CustomerAccountsRemovedResponse,
  type CustomerOptionKey,
  type CustomerOptionResponse,
  type CustomerOptionsQuery,
  type CustomerOptionsResponse,
  type CustomerOptionUpsert,
  type CustomerAccountListItem,
  type CustomerAccountListQuery,
  type CustomerAccountListResponse,
  type CustomerAccountPaymentTypesResponse,
  type CustomerAccountUsersResponse,
  type IsSwiftResponse,
  phoneSearchDigits,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { customerAccountError } from './customer-accounts.errors';
import * as repo from './customer-accounts.repository';
import type { CustomerAccountListRow, CustomerAccountListScope } from './customer-accounts.repository';

const split = <T extends string>(value: string | undefined): T[] =>
  value === undefined ? [] : [...new Set(value.split(','))].map((v) => v as T);

/**
 * The customer-account list (spec 3 §2, §4, §9): the suite edition has no card number and may filter
 * by type; without search or filter the list holds at most 100 rows. One page of it is answered.
 */
export async function listCustomerAccounts(
  db: Db,
  ctx: RequestContext,
  query: CustomerAccountListQuery,
): Promise<CustomerAccountListResponse> {
  const isSuite = ctx.edition === 'suite';
  if (query.type !== undefined && !isSuite) throw customerAccountError('CUSTOMER_TYPE_FILTER_SUITE_ONLY');
  const search = query.search?.trim().toLowerCase() || null;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? CUSTOMER_LIST_MAX_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  const scope: CustomerAccountListScope = {
    accountId: ctx.accountId,
    companyIds: ctx.companyIds,
    search,
    searchDigits: search === null ? null : phoneSearchDigits(search),
    visit: split(query.visit),
    balance: split(query.balance),
    info: split(query.info),
    types: split(query.type).map(Number),
    sort: query.sort ?? 'lastname',
    descending: query.order === 'desc',
    limit: pageSize,
    offset,
  };
  const isNarrowed =
    query.every === '1' ||
    search !== null ||
    scope.visit.length + scope.balance.length + scope.info.length + scope.types.length > 0;
  if (!isNarrowed) scope.limit = Math.max(0, Math.min(pageSize, CUSTOMER_LIST_UNFILTERED_LIMIT - offset));
  const answer = (rows: CustomerAccountListRow[], total: number): CustomerAccountListResponse => ({
    edition: isSuite ? 'suite' : 'standard',
    total,
    listed: isNarrowed ? total : Math.min(total, CUSTOMER_LIST_UNFILTERED_LIMIT),
    page,
    pageSize,
    accounts: rows.map((row) => customerAccountRowToItem(row, isSuite)),
  });
  if (ctx.companyIds.length === 0) return answer([], 0);
  const rows = scope.limit === 0 ? [] : await repo.listCustomerAccounts(db, scope);
  if (rows.length > 0 || offset === 0) return answer(rows, rows[0]?.matching ?? 0);
  // A page past the end (the list shrank since it was shown): the count from the first row.
  const [first] = await repo.listCustomerAccounts(db, { ...scope, limit: 1, offset: 0 });
  return answer([], first?.matching ?? 0);
}

function customerAccountRowToItem(row: CustomerAccountListRow, isSuite: boolean): CustomerAccountListItem {
  return {
    id: row.id,
    lastname: row.lastname,
    firstname: row.firstname,
    ...(isSuite ? {} : { card_number: row.card_number }),
    type: row.type === 1 ? 1 : 0,
    search: row.search,
    companies: row.companies,
    customer_infos: {
      details_email: row.email,
      details_phone: row.phone,
      address: row.address_street,
      address_zipcode: row.address_zipcode,
      address_city: row.address_city,
      note: row.note,
      is_company: row.is_company ? 1 : 0,
      customer_company_name: row.company_name,
      customer_company_id: row.company_siren,
      customer_company_vat: row.company_vat,
    },
    account_details: {
      balance: row.balance,
      visit: row.visit,
      order_average: row.order_average,
      guest_average: row.guest_average,
      nb_guests: row.nb_guests,
      turnover: row.turnover,
      discount: row.discount,
      offered: row.offered,
      total: row.total,
    },
  };
}

/** The registers' staff of the readable establishments, one per id. */
export async function listUsers(db: Db, ctx: RequestContext): Promise<CustomerAccountUsersResponse> {
  const staff = await repo.listPosStaff(db, ctx.accountId, ctx.companyIds);
  return staff.map((s) => ({ id: s.id, user_firstname_lastname: `${s.firstname} ${s.lastname}`.trim() }));
}

/** The payment types of the readable establishments. */
export async function listPaymentTypes(
  db: Db,
  ctx: RequestContext,
): Promise<CustomerAccountPaymentTypesResponse> {
  const types = await repo.listPaymentTypes(db, ctx.accountId, ctx.companyIds);
  return types.map((t) => ({ id: t.id, id_company: t.company_id, payment_name: t.name }));
}

/** The caller's own 'swift' flag (it opens the cashback account type). */
export async function isSwift(db: Db, ctx: RequestContext): Promise<IsSwiftResponse> {
  return { isSwift: await repo.userIsSwift(db, ctx.userId) };
}

const isSwitchKey = (key: CustomerOptionKey) =>
  (CUSTOMER_OPTION_SWITCH_KEYS as readonly string[]).includes(key);

/** A key never saved reads as '0' (switches, alert balance) or '' (BIC, IBAN, alert e-mail). */
const optionDefault = (key: CustomerOptionKey) =>
  isSwitchKey(key) || key === 'ca_alert_default_balance' ? '0' : '';

/** The requested option keys (all when none are named) with their account-wide values. */
export async function getOptions(
  db: Db,
  ctx: RequestContext,
  query: CustomerOptionsQuery,
): Promise<CustomerOptionsResponse> {
  const keys = split<CustomerOptionKey>(query.keys);
  const wanted = keys.length === 0 ? customerOptionKey.options : keys;
  const stored = new Map((await repo.listOptions(db, ctx.accountId, wanted)).map((o) => [o.key, o.value]));
  return Object.fromEntries(wanted.map((key) => [key, stored.get(key) ?? optionDefault(key)]));
}

/** One changed option; switches take '1' or '0', the floor-exceeding payment is the suite's. */
/**
 * A setting as it will be stored, or the refusal that names it (issue 31, item 12): the suite-only
 * switch, then the setting's own rule (contracts), the alert balance normalised.
 */
function checkedOption(ctx: RequestContext, option: CustomerOptionUpsert): CustomerOptionResponse {
  if (option.key === CUSTOMER_OPTION_SUITE_ONLY_KEY && ctx.edition !== 'suite') {
    throw customerAccountError('CUSTOMER_OPTION_SUITE_ONLY');
  }
  const problem = customerOptionProblem(option.key, option.value);
  if (problem) {
    const refusal = customerAccountError(problem);
    throw new AppError(refusal.statusCode, refusal.code, refusal.message, { key: option.key });
  }
  let value = option.value.trim();
  if (option.key === 'iban' || option.key === 'bic') value = value.toUpperCase();
  if (option.key === 'ca_alert_default_balance') value = normaliseAlertBalance(value);
  return { key: option.key, value };
}

export async function upsertOption(
  db: Db,
  ctx: RequestContext,
  option: CustomerOptionUpsert,
): Promise<CustomerOptionResponse> {
  const checked = checkedOption(ctx, option);
  await repo.upsertOption(db, ctx.accountId, checked.key, checked.value);
  return checked;
}

/**
 * The settings form's changes (issue 31, item 12): all checked before any is stored, then stored
 * together (`db` is the route's transaction) — a refusal names its setting and stores nothing.
 */
export async function saveOptions(
  db: Db,
  ctx: RequestContext,
  { options }: CustomerOptionsSave,
): Promise<CustomerOptionsSaved> {
  const checked = options.map((option) => checkedOption(ctx, option));
  for (const option of checked) await repo.upsertOption(db, ctx.accountId, option.key, option.value);
  return { options: checked };
}

/**
 * Removes accounts of the suite edition (spec 3 §4, §6): every one must be the caller's, still present
 * and linked to a readable establishment, and have a zero balance; else nothing is removed. `db` is
 * the route's transaction.
 */
export async function removeCustomerAccounts(
  db: Db,
  ctx: RequestContext,
  customerIds: string[],
): Promise<CustomerAccountsRemovedResponse> {
  if (ctx.edition !== 'suite') throw customerAccountError('CUSTOMER_DELETE_SUITE_ONLY');
  const unique = [...new Set(customerIds)];
  const found = await repo.lockRemovableAccounts(db, ctx.accountId, ctx.companyIds, unique);
  if (found.length !== unique.length) throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  if (found.some((account) => Number(account.balance) !== 0))
    throw customerAccountError('CUSTOMER_BALANCE_NOT_ZERO');
  await repo.markAccountsRemoved(db, ctx.accountId, unique);
  return { customerIds: unique };
}
