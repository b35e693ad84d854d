import type {
  CUSTOMER_BALANCE_FILTERS,
  CUSTOMER_INFO_FILTERS,
  CUSTOMER_TYPE_FILTERS,
  CUSTOMER_VISIT_BUCKETS,
} from '@comptoir/contracts';
import {
  exportPeriodProblem,
  isCalendarDay,
  isValidCustomerExportEmail,
  isValidHistoryNumber,
  lastSevenDays,
  CUSTOMER_PHONE_COUNTRY_CODE_LENGTH,
  customerAccountDetails,
  formatPhone,
  type CustomerAccountListItem,
  type CustomerAccountListQuery,
  type CustomerAccountSortKey,
  type CustomerDataExportBody,
  type CustomerHistoryQuery,
  type CustomerHistorySearchCategory,
} from '@comptoir/contracts';

/** Spec 3 §9: the search and the sort wait 500 ms after the last keystroke or click. */
export const CUSTOMER_LIST_DELAY_MS = 500;

/**
 * The optional statistic columns of the picker (spec 3 §9), in the spec's order: an account's figures
 * but its balance, which is always shown.
 */
export const CUSTOMER_STAT_COLUMNS = customerAccountDetails.keyof().exclude(['balance']).options;
export type CustomerStatColumn = (typeof CUSTOMER_STAT_COLUMNS)[number];

export const CUSTOMER_LIST_STORAGE_KEYS = {
  search: 'customerAccounts.search',
  columns: 'customerAccounts.statColumns',
} as const;

export interface CustomerListFilters {
  visit: (typeof CUSTOMER_VISIT_BUCKETS)[number][];
  balance: (typeof CUSTOMER_BALANCE_FILTERS)[number][];
  info: (typeof CUSTOMER_INFO_FILTERS)[number][];
  type: (typeof CUSTOMER_TYPE_FILTERS)[number][];
}

export const NO_CUSTOMER_FILTERS: CustomerListFilters = { visit: [], balance: [], info: [], type: [] };

export interface CustomerListSort {
  key: CustomerAccountSortKey;
  order: 'asc' | 'desc';
}

/** The server matches the lowercased text (spec 3 §3 `search`). */
export function searchText(input: string): string {
  return input.trim().toLowerCase();
}

/** The list call's query: empty choices are left out; the type filter is the suite's alone (spec 3 §6). */
export function customerListQuery(
  search: string,
  sort: CustomerListSort | null,
  filters: CustomerListFilters,
  isSuite: boolean,
): CustomerAccountListQuery {
  const query: CustomerAccountListQuery = {};
  const text = searchText(search);
  if (text) query.search = text;
  if (sort) {
    query.sort = sort.key;
    query.order = sort.order;
  }
  if (filters.visit.length > 0) query.visit = filters.visit.join(',');
  if (filters.balance.length > 0) query.balance = filters.balance.join(',');
  if (filters.info.length > 0) query.info = filters.info.join(',');
  if (isSuite && filters.type.length > 0) query.type = filters.type.join(',');
  return query;
}

function isZeroBalance(account: CustomerAccountListItem): boolean {
  // A missing balance reads as zero (spec 3 §4 "zero or null").
  return (account.account_details.balance ?? 0) === 0;
}

/** Spec 3 §4: select-all picks only the accounts with a zero or null balance. */
export function selectAllIds(accounts: readonly CustomerAccountListItem[]): string[] {
  return accounts.filter(isZeroBalance).map((account) => account.id);
}

/** The header box reads ticked when every account select-all would pick is selected. */
export function isAllSelected(
  accounts: readonly CustomerAccountListItem[],
  selected: readonly string[],
): boolean {
  const pickable = selectAllIds(accounts);
  return pickable.length > 0 && pickable.every((id) => selected.includes(id));
}

/**
 * The header box acts on the page shown: it ticks the page's accounts select-all would pick, or
 * unticks them when they all are; what is ticked on other pages stays.
 */
export function toggleAllOnPage(
  page: readonly CustomerAccountListItem[],
  selected: readonly CustomerAccountListItem[],
): CustomerAccountListItem[] {
  const pickable = new Set(selectAllIds(page));
  const others = selected.filter((account) => !pickable.has(account.id));
  const selectedIds = selected.map((account) => account.id);
  if (isAllSelected(page, selectedIds)) return others;
  return [...others, ...page.filter((account) => pickable.has(account.id))];
}

/** A row's box: ticks or unticks the account. */
export function toggleAccount(
  selected: readonly CustomerAccountListItem[],
  account: CustomerAccountListItem,
): CustomerAccountListItem[] {
  return selected.some((other) => other.id === account.id)
    ? selected.filter((other) => other.id !== account.id)
    : [...selected, account];
}

/**
 * Supprimer is shown only when every selected account has a zero balance (spec 3 §2, §4: deletion
 * is allowed only for those; the server refuses the rest).
 */
export function canDeleteSelection(selected: readonly CustomerAccountListItem[]): boolean {
  return selected.length > 0 && selected.every(isZeroBalance);
}

/**
 * Spec 3 §2: `customer-account/{uniq_id_customer}?id={company}` with one establishment, the uniq ids
 * joined by commas without query with several.
 */
export function customerAccountLink(account: CustomerAccountListItem): string | null {
  const [first, ...others] = account.companies;
  if (!first) return null;
  if (others.length === 0) return `/customer-account/${first.uniq_id_customer}?id=${first.id}`;
  return `/customer-account/${account.companies.map((company) => company.uniq_id_customer).join(',')}`;
}

/** The establishment column: its name, or 'Tous' when the account spans several. */
export function establishmentLabel(account: CustomerAccountListItem, allLabel: string): string {
  if (account.companies.length > 1) return allLabel;
  return account.companies[0]?.company_name ?? '';
}

export interface PhoneParts {
  countryCode: string;
  phoneNumber: string;
}

/**
 * Spec 3 §3: a stored phone is '+', a 2-digit country code (characters 2-3), then the number, shown
 * as people read it (a French one from its 0: '06 12 34 56 78').
 */
export function splitPhone(stored: string | null | undefined): PhoneParts {
  const text = (stored ?? '').replace(/\s/g, '');
  if (!text.startsWith('+')) return { countryCode: '', phoneNumber: text };
  const end = 1 + CUSTOMER_PHONE_COUNTRY_CODE_LENGTH;
  const shown = formatPhone(text);
  return {
    countryCode: text.slice(1, end),
    phoneNumber: shown.startsWith('+') ? shown.slice(end).trim() : shown,
  };
}

/** The phone as stored; empty without a number. */
export function joinPhone({ countryCode, phoneNumber }: PhoneParts): string {
  const number = phoneNumber.replace(/[\s.\-()/]/g, '');
  if (!number) return '';
  return `+${countryCode.replace(/\D/g, '')}${number.replace(/^0/, '')}`;
}

/** Spec 3 §5: '+', '-' and space cannot be typed in the alert balance. */
export function isBlockedAlertBalanceKey(key: string): boolean {
  return key === '+' || key === '-' || key === ' ';
}

/** The picked statistic columns as stored; unknown names are dropped. */
export function readStatColumns(storage: Pick<Storage, 'getItem'>): CustomerStatColumn[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CUSTOMER_LIST_STORAGE_KEYS.columns) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return CUSTOMER_STAT_COLUMNS.filter((column) => parsed.includes(column));
  } catch {
    return [];
  }
}

export function saveStatColumns(
  storage: Pick<Storage, 'setItem'>,
  columns: readonly CustomerStatColumn[],
): void {
  storage.setItem(CUSTOMER_LIST_STORAGE_KEYS.columns, JSON.stringify(columns));
}

/** The option values that changed: one upsertOption each (spec 3 §7). */
export function changedOptions<Key extends string>(
  saved: Partial<Record<Key, string>>,
  edited: Partial<Record<Key, string>>,
): { key: Key; value: string }[] {
  return (Object.keys(edited) as Key[])
    .filter((key) => edited[key] !== undefined && edited[key] !== (saved[key] ?? ''))
    .map((key) => ({ key, value: edited[key] ?? '' }));
}

/** Spec 3 §9: exports and the history default to the last 7 days up to today. */
export function defaultCustomerPeriod(today: string): { start: string; end: string } {
  return lastSevenDays(today);
}

/** Spec 3 §9: the start at 00:00:00, the end at 23:59:59. */
function periodBounds(start: string, end: string): { startDate: string; endDate: string } {
  return { startDate: `${start} 00:00:00`, endDate: `${end} 23:59:59` };
}

export type CustomerExportProblem = 'emailInvalid' | 'reversedDates' | 'oneYearMax' | 'invalidDate';

/** Spec 3 §5 "Export customer data": dates in order, one year at most, a valid e-mail. */
export function customerExportProblem(
  start: string,
  end: string,
  email: string,
): CustomerExportProblem | null {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return 'invalidDate';
  const period = exportPeriodProblem(start, end);
  if (period === 'REVERSED_DATES') return 'reversedDates';
  if (period === 'PERIOD_TOO_LONG') return 'oneYearMax';
  return isValidCustomerExportEmail(email.trim()) ? null : 'emailInvalid';
}

export function customerExportBody(start: string, end: string, email: string): CustomerDataExportBody {
  return { ...periodBounds(start, end), email: email.trim() };
}

/** Spec 3 §5 "History modal": an amount or balance must be a number; a name has no rule. */
export function isHistorySearchValid(category: CustomerHistorySearchCategory, text: string): boolean {
  if (category === 'name' || text.trim() === '') return true;
  return isValidHistoryNumber(text);
}

export interface CustomerHistoryFilters {
  start: string;
  end: string;
  /** Empty: all (spec 3 §7 sends an empty list when all are selected). */
  companyIds: readonly string[];
  userIds: readonly string[];
  paymentTypeIds: readonly string[];
  searchCategory: CustomerHistorySearchCategory;
  searchText: string;
}

/** Spec 3 §7: JSON lists, a field named after the search category holding the text. */
export function customerHistoryQuery(
  filters: CustomerHistoryFilters,
  userEmail?: string,
): CustomerHistoryQuery {
  const query: CustomerHistoryQuery = {
    ...periodBounds(filters.start, filters.end),
    id_companies: JSON.stringify(filters.companyIds),
    idUsers: JSON.stringify(filters.userIds),
    idPayments: JSON.stringify(filters.paymentTypeIds),
  };
  const text = filters.searchText.trim();
  if (text) {
    query.searchCategory = filters.searchCategory;
    query[filters.searchCategory] = text;
  }
  if (userEmail !== undefined) query.userEmail = userEmail.trim();
  return query;
}
