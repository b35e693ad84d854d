import type { ColumnType, Generated } from 'kysely';
import type { AccountingExportFormat, AccountingVatKey } from '@comptoir/contracts';
import type { Timestamp, Day, Numeric, JsonWithDefault, WithDefault } from './columns';

export type AccountingAccountType =
  | 'payment'
  | 'vat'
  | 'product'
  | 'customer'
  | 'achats'
  | 'ventes'
  | 'offered'
  | 'discount'
  | '_offered'
  | '_discount'
  | 'cashback';

export interface AccountingAccountTable {
  id: Generated<string>;
  account_id: string;
  company_id: string;
  type: AccountingAccountType;
  account_number: string;
  label: string;
  analytics: WithDefault<string>;
  all_floors: WithDefault<boolean>;
  /** Room ids, when not all floors. */
  floors: JsonWithDefault<string[]>;
  table_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountingLinkTable {
  id: Generated<string>;
  account_id: string;
  company_id: string;
  id_account: string;
  id_table: string;
  type: AccountingAccountType;
  tax_rates: JsonWithDefault<string[]>;
  all_tax_rates: WithDefault<boolean>;
  /** The order lines' vat_rate this link covers; null when it does not depend on a rate. */
  tax_rate: Numeric | null;
}

/** The spec's VAT settings keys; account_vat_ecriturenum is `accounting_counters.ecriture_num`. */
/** The VAT settings keys (one list, in the contracts). */
export type { AccountingVatKey };

export interface AccountingVatKeyTable {
  account_id: string;
  company_id: string;
  key: AccountingVatKey;
  value: string;
  updated_at: Timestamp;
}

/** Next FEC entry number (ecritureNum) per establishment. */
export interface AccountingCounterTable {
  company_id: string;
  account_id: string;
  ecriture_num: WithDefault<number>;
  updated_at: Timestamp;
}

/**
 * One exported movement: entry kind (`s` the day's sales entry, `r` its settlements entry, `a` its
 * avoirs entry, `c` its cash journal), account, account label, auxiliary account, its name, line label, signed amount in
 * cents (debit positive).
 */
export type ExportedMovement = [
  kind: 's' | 'r' | 'a' | 'c',
  account: string,
  accountLib: string,
  auxNum: string,
  auxLib: string,
  ecritureLib: string,
  amount: number,
  /** The line's analytic section (mode 2; absent from movements recorded before issue 30). */
  analytics?: string,
];

/** The header a booked day's entries carried (migration 027). */
export interface BookedHeader {
  journal: string;
  journalLib: string;
  pieceRef: string;
  validDate: string;
}

/**
 * What a FEC export booked for one business day (migrations 018, 027): its entries' movements, the
 * number of its first entry and their header (null on rows booked before migration 027).
 */
export interface AccountingExportedDayTable {
  export_id: string;
  account_id: string;
  company_id: string;
  business_day: Day;
  movements: ColumnType<ExportedMovement[], string, string>;
  first_num: ColumnType<number | null, number | null | undefined, number | null>;
  header: ColumnType<BookedHeader | null, string | null | undefined, string | null>;
}

/** A business day's entries as the file writes them, kept while their sources are unchanged (migration 025). */
export interface AccountingDayTextTable {
  company_id: string;
  business_day: Day;
  format: AccountingExportFormat;
  mode: number;
  setup_hash: string;
  version: ColumnType<string, string | number, string | number>;
  entry_count: number;
  line_count: number;
  body: string;
  movements: ColumnType<ExportedMovement[], string, string>;
}

export interface AccountingDayVersionTable {
  company_id: string;
  business_day: Day;
  version: ColumnType<string, string | number, string | number>;
}

/** Kept days of one month in one file, valid while their signature is unchanged (migration 026). */
export interface AccountingMonthPackTable {
  company_id: string;
  format: AccountingExportFormat;
  mode: number;
  month: Day;
  first_day: Day;
  last_day: Day;
  setup_hash: string;
  day_count: number;
  version_sum: ColumnType<string, string | number, string | number>;
  file_key: string;
}

export interface AccountingNameVersionTable {
  account_id: string;
  version: ColumnType<string, string | number, string | number>;
}

/** The accounting export: chart, links, VAT keys, counters, exported days and kept texts (`modules/accounting-export`). */
export interface AccountingTables {
  accounting_accounts: AccountingAccountTable;
  accounting_links: AccountingLinkTable;
  accounting_vat_keys: AccountingVatKeyTable;
  accounting_counters: AccountingCounterTable;
  accounting_exported_days: AccountingExportedDayTable;
  accounting_day_texts: AccountingDayTextTable;
  accounting_day_versions: AccountingDayVersionTable;
  accounting_name_versions: AccountingNameVersionTable;
  accounting_month_packs: AccountingMonthPackTable;
}
