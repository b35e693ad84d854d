import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AccountingExportFormat, AccountingVatKey, TaxBreakdown } from '@comptoir/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns: written as 'YYYY-MM-DD', read back as a string (type parser set in database.ts). */
type Day = ColumnType<string, string, string>;
/** `numeric` comes back as a string: exact decimals. */
type Numeric = ColumnType<string, string | number, string | number>;
/** jsonb: written as JSON text (node-postgres would turn a JS array into a Postgres array), read parsed. */
type Json<T = unknown> = ColumnType<T, string, string>;
/** A jsonb column with a database default. */
type JsonWithDefault<T = unknown> = ColumnType<T, string | undefined, string>;
/** A column with a database default, optional on insert. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

// Fiscal administration

export type FiscalAccessExpireType = '1week' | '2week' | '1month' | '2month';
export type FiscalAccessStatus = 'pending' | 'validated' | 'refused';

/** A tax inspector's access request: the asker is the inspector, the customer the account's owner. */
export interface FiscalAccessRequestTable {
  id: Generated<string>;
  account_id: string;
  requested_by: string | null;
  asker_email: string;
  customer_email: string;
  expire_type: FiscalAccessExpireType;
  status: WithDefault<FiscalAccessStatus>;
  /** Hash of the token mailed to the inspector once the request is validated. */
  token_hash: string | null;
  validated_by: string | null;
  decided_at: Timestamp | null;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}
export type FiscalAccessRequestRow = Selectable<FiscalAccessRequestTable>;

/** Technical events journal (JET): one server-signed chain per account, append-only. */
export interface JetEventTable {
  id: Generated<number>;
  account_id: string;
  company_id: string | null;
  seq: number;
  /** NF525 event code, two or three digits. */
  code: string;
  label: string;
  user_id: string | null;
  details: JsonWithDefault<Record<string, unknown>>;
  occurred_at: Timestamp;
  prev_sig: string | null;
  sig: string;
}
export type JetEventRow = Selectable<JetEventTable>;

/** Refusals journaled once per caller, code, reason and hour: how many there were (migration 034). */
export interface JetRefusalTallyTable {
  account_id: string;
  /** The refused user's id, or `fiscal:<session id>` for an inspector. */
  caller: string;
  code: string;
  reason: string;
  hour: Timestamp;
  count: number;
}

/** 1 daily, 2 daily perpetual grand total, 3 monthly, 4 monthly GT, 5 annual, 6 annual GT. */
export type ServerClosureType = 1 | 2 | 3 | 4 | 5 | 6;

/** Same shapes as the registers' closures (contracts' paymentTotal and taxBreakdown), in cents. */
export interface ServerClosurePayment {
  paymentTypeId: string;
  paymentName: string;
  amount: number;
  overpayment: number;
  credit: number;
}
export type ServerClosureTax = TaxBreakdown;

/** A closure computed and signed by the server for one establishment, chained per company. Append-only. */
export interface ServerClosureTable {
  id: Generated<string>;
  account_id: string;
  company_id: string;
  type: ServerClosureType;
  start_day: Day;
  end_day: Day;
  opening_date: Timestamp | null;
  closing_date: Timestamp | null;
  amount_total_ivat: number;
  amount_total_evat: number;
  amount_tax: number;
  amount_discount_ivat: number;
  amount_offered_ivat: number;
  amount_total_wo_discount_ivat: number;
  amount_payment_shift: number;
  grand_total_ivat: number;
  payments: JsonWithDefault<ServerClosurePayment[]>;
  taxes: JsonWithDefault<ServerClosureTax[]>;
  services_count: WithDefault<number>;
  seq: number;
  prev_sig: string | null;
  sig: string;
  created_at: Timestamp;
}
export type ServerClosureRow = Selectable<ServerClosureTable>;

export type ServerChainKind = 'jet' | 'server_closure' | 'archive';

/** Signed head of one of the server's own chains (register chains: `chain_heads`). */
export interface ServerChainHeadTable {
  id: Generated<string>;
  account_id: string;
  /** Null for the JET, which is chained per account. */
  company_id: string | null;
  kind: ServerChainKind;
  last_seq: number;
  last_sig: string;
  sig: string;
  updated_at: Timestamp;
}

/** A defect found by a signature check: gap, broken link, bad signature, amount mismatch, lost tail... */
export interface SignatureCheckErrorTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  register_id: string | null;
  job_id: number | null;
  /** `client` when posted by the portal's register check (administration-fiscale/error). */
  source: WithDefault<'server' | 'client'>;
  record_kind: string;
  record_id: string | null;
  seq: number | null;
  code: string;
  business_day: Day | null;
  details: JsonWithDefault<Record<string, unknown>>;
  detected_at: Timestamp;
  /** The chain the defect is on: a register's, the server closures', the JET or the archives'. */
  scope: WithDefault<'register' | 'server_closure' | 'jet' | 'archive'>;
  /** The service (shift) the faulty record belongs to: what the errors page lists as erroneous. */
  service_id: string | null;
  /** The defect in words, in French. */
  message: WithDefault<string>;
}

export type ReprintedDocumentKind = 'ticket' | 'receipt' | 'z_report' | 'customer_note';

/** Each reprint of a document, printed « duplicata ». Append-only. */
export interface DocumentReprintTable {
  id: Generated<number>;
  account_id: string;
  company_id: string;
  document_kind: ReprintedDocumentKind;
  document_id: string;
  reprint_number: number;
  user_id: string | null;
  printed_at: Timestamp;
}

// Dashboard menu and content

/** A menu text in the interface languages other than French. */
export type MenuTranslations = Partial<Record<'en' | 'es' | 'ca', string>>;

/** A dashboard grid item; `type` 0 is reporting, anything else sales reporting. */
export interface MenuCategoryTable {
  id: Generated<string>;
  parent_id: string | null;
  /** French; the other interface languages are in `titles`. */
  title: string;
  description: string | null;
  /** Translations of `title` (migration 004): `{ en, es, ca }`, any of them may be missing. */
  titles: JsonWithDefault<MenuTranslations>;
  descriptions: JsonWithDefault<MenuTranslations>;
  link: string;
  icon: string | null;
  new_icon: string | null;
  position: WithDefault<number>;
  type: WithDefault<number>;
  is_react: WithDefault<boolean>;
  /** The sub-user service that may see it; null for everyone. */
  service_name: string | null;
  created_at: Timestamp;
}
export type MenuCategoryRow = Selectable<MenuCategoryTable>;

export interface DocumentTable {
  id: Generated<string>;
  title: string;
  author: string | null;
  description: string | null;
  pdf_url: string;
  background_url: string | null;
  is_suite: WithDefault<boolean>;
  position: WithDefault<number>;
  created_at: Timestamp;
}

export interface VideoTable {
  id: Generated<string>;
  title: string;
  icon: string | null;
  link: string;
  position: WithDefault<number>;
  is_suite: WithDefault<boolean>;
  created_at: Timestamp;
  /** Migration 022: the French captions (WebVTT) and the length, which bounds a stored position. */
  captions_link: string | null;
  duration_seconds: WithDefault<number>;
}
export type VideoRow = Selectable<VideoTable>;

export type VideoPlayState = 'watched' | 'inProgress' | 'paused';

export interface VideoStateTable {
  user_id: string;
  video_id: string;
  state: VideoPlayState;
  /** Playback position (the spec's `time`). */
  time_seconds: WithDefault<number>;
  updated_at: Timestamp;
}

export interface FaqItemTable {
  id: Generated<string>;
  locale: WithDefault<string>;
  category: string;
  /** The question. */
  trigger: string;
  content: string;
  position: WithDefault<number>;
  created_at: Timestamp;
}
export type FaqItemRow = Selectable<FaqItemTable>;

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

export interface NotificationTable {
  id: Generated<string>;
  /** Null: shown to every account. */
  account_id: string | null;
  type: NotificationType;
  text: string;
  /** Null: shown in every language. */
  locale: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  /** Migration 024: the text in the other languages, French (`text`) when missing. */
  texts: JsonWithDefault<NotificationTranslations>;
  /** Migration 024: only the suite or only the standard accounts; null for both. */
  edition: 'suite' | 'standard' | null;
  /** Migration 024: the support member who published it, when published from the staff page. */
  published_by: string | null;
  published_at: Timestamp | null;
}
export type NotificationRow = Selectable<NotificationTable>;
export type NotificationTranslations = Partial<Record<'en' | 'es' | 'ca', string>>;

export type ReferralStatus = 'invited' | 'signed_up' | 'first_month_paid';

/** Migration 024: a holder's invitation of a friend (sponsorship); the link's code is kept hashed. */
export interface ReferralTable {
  id: Generated<string>;
  account_id: string;
  referrer_user_id: string;
  /** Lower case. */
  email: string;
  /** SHA-256 hex of the personal link's code. */
  code_hash: string;
  status: WithDefault<ReferralStatus>;
  restaurant_name: string | null;
  contact_name: string | null;
  phone: string | null;
  invited_at: Timestamp;
  signed_up_at: Timestamp | null;
  first_month_paid_at: Timestamp | null;
  first_month_paid_by: string | null;
}
export type ReferralRow = Selectable<ReferralTable>;

export interface RemovedNotificationTable {
  user_id: string;
  notification_id: string;
  removed_at: Timestamp;
}

export interface FeedItemTable {
  id: Generated<string>;
  feed_name: string;
  locale: WithDefault<string>;
  title: string;
  text_html: string;
  /** The item's `date`. */
  published_at: Timestamp;
  created_at: Timestamp;
}
export type FeedItemRow = Selectable<FeedItemTable>;

// Partners

export interface PartnerCategoryTable {
  id: Generated<string>;
  /** Stable name the portal translates (migration 020). */
  code: string | null;
  name: string;
  position: WithDefault<number>;
}

export interface PartnerTable {
  id: Generated<string>;
  category_id: string;
  /** Stable identifier used in code, e.g. 'ouilink'. */
  code: string;
  name: string;
  logo: string | null;
  description: string | null;
  with_action: WithDefault<boolean>;
  auth_partner_id: string | null;
  /** False while the partner is down (maintenance message). */
  is_available: WithDefault<boolean>;
  position: WithDefault<number>;
  created_at: Timestamp;
  website: string | null;
  /** 'read_only': the named partner whose token is shown read-only (migration 020). */
  key_display: WithDefault<'copy' | 'read_only'>;
}

export type PartnerIntegrationStatus = 'waiting' | 'validated' | 'refused';

/** No row: no integration. A generated key waits until the partner reports its customer id. */
export interface PartnerIntegrationTable {
  id: Generated<string>;
  account_id: string;
  partner_id: string;
  partner_customer_id: string | null;
  status: WithDefault<PartnerIntegrationStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** SHA-256 hex of the partner key (migration 020); the key itself is never stored. */
  key_hash: string;
  key_prefix: string;
  key_created_at: Timestamp;
  refused_reason: string | null;
  status_changed_at: Timestamp;
  connexion_token_hash: string | null;
  connexion_token_created_at: Timestamp | null;
}

/** The short-lived `ipadToken` of `partnership/ipadToken`, hashed (migration 020). */
export interface PartnerActivationTokenTable {
  token_hash: string;
  account_id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

// Accounting

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

// Settings

export type CustomerAccountOptionKey =
  | 'customer_account'
  | 'ca_auto_disable'
  | 'ca_no_up_amount'
  | 'ca_no_negative'
  | 'ca_no_us_ticket'
  | 'ca_auto_disabled'
  | 'ca_auto_email_new_tk'
  | 'ca_floor_exc_payment'
  | 'bic'
  | 'iban'
  | 'ca_alert_email'
  | 'ca_alert_default_balance'
  | 'ca_label_without_details'
  | 'ca_dunning_sender_name'
  | 'ca_dunning_reply_to';

/** Switches hold '1' or '0'; company_id null is the account-wide value. */
export interface CustomerAccountOptionTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  key: CustomerAccountOptionKey;
  value: string;
  updated_at: Timestamp;
}

export type ReportDefaultPeriod =
  'today' | 'yesterday' | 'last7days' | 'last30days' | 'currentMonth' | 'previousMonth' | 'currentYear';

export interface ReportSettingsTable {
  user_id: string;
  account_id: string;
  /** Sales before this hour belong to the previous business day. */
  day_start_hour: WithDefault<number>;
  amounts_incl_vat: WithDefault<boolean>;
  default_period: WithDefault<ReportDefaultPeriod>;
  default_company_ids: JsonWithDefault<string[]>;
  updated_at: Timestamp;
}

// Exports and archives

export type ExportKind =
  | 'cashing'
  | 'closing'
  | 'customers_all'
  | 'customers_unpaid'
  | 'customer_history'
  | 'sales_lines'
  | 'payment_product_lines'
  | 'fec'
  | 'accounting_csv';
export type ExportStatus = 'queued' | 'running' | 'done' | 'empty' | 'failed';

export interface ExportTable {
  id: Generated<string>;
  account_id: string;
  company_ids: JsonWithDefault<string[]>;
  kind: ExportKind;
  status: WithDefault<ExportStatus>;
  requested_by: string | null;
  /** Where the file is sent. */
  email: string | null;
  period_start: Timestamp;
  period_end: Timestamp;
  params: JsonWithDefault<Record<string, unknown>>;
  job_id: number | null;
  /** Key in the file storage. */
  file_key: string | null;
  row_count: number | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
export type ExportRow = Selectable<ExportTable>;

/** A fiscal archive (at most one year) and its verification key, chained per company. Append-only. */
export interface ArchiveTable {
  id: Generated<string>;
  account_id: string;
  company_id: string;
  kind: 'cashing' | 'closing';
  start_day: Day;
  end_day: Day;
  file_key: string;
  /** The .txt verification key. */
  key_file_key: string;
  sha256: string;
  sig: string;
  seq: number;
  prev_archive_sha256: string | null;
  export_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** One run of the fiscal file check: integrity (hash) and authenticity (signature) told apart. */
export interface FiscalFileCheckTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  user_id: string | null;
  archive_id: string | null;
  file_name: string;
  key_file_name: string;
  file_sha256: string;
  key_existing: boolean;
  is_intact: boolean;
  is_authentic: boolean;
  export_history_errors: WithDefault<number>;
  /** The answer as sent: export_date, opening_export_date, closing_export_date, isValid... */
  result: JsonWithDefault<Record<string, unknown>>;
  checked_at: Timestamp;
}

// Platform

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: Generated<number>;
  queue: string;
  account_id: string | null;
  payload: JsonWithDefault<unknown>;
  status: WithDefault<JobStatus>;
  attempts: WithDefault<number>;
  max_attempts: WithDefault<number>;
  run_at: Timestamp;
  locked_at: Timestamp | null;
  locked_by: string | null;
  progress: WithDefault<number>;
  result: Json | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
export type JobRow = Selectable<JobTable>;

/**
 * stored: no SMTP configured, kept for the dev mailbox; queued: SMTP send in progress;
 * sent; failed (with `error`).
 */
export type MailStatus = 'stored' | 'queued' | 'sent' | 'failed';

export interface MailAttachmentRef {
  filename: string;
  path: string;
}

export interface MailOutboxTable {
  id: Generated<string>;
  seq: Generated<number>;
  account_id: string | null;
  to_address: string;
  reply_to: string | null;
  /** The From display name (migration 035); the address is always the platform's. */
  from_name: WithDefault<string | null>;
  subject: string;
  text: string;
  html: string | null;
  attachments: JsonWithDefault<MailAttachmentRef[]>;
  status: MailStatus;
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;

/** One reminder mailed to a debtor (issue 31, item 26); company_id null: all the sender's establishments. */
export interface CustomerDunningSendTable {
  id: Generated<string>;
  account_id: string;
  company_id: string | null;
  customer_account_id: string;
  user_id: string;
  sent_at: Generated<Date>;
  to_address: string;
  subject: string;
  owed_cents: number;
  notes_count: number;
  status: 'sent' | 'failed';
  mail_outbox_id: string | null;
}

// Bar dispenser wares

export interface WareTable {
  id: Generated<string>;
  account_id: string;
  company_id: string;
  name: string;
  category: string;
  product_id: string | null;
  created_at: Timestamp;
}

/** One pour by the drink dispenser. */
export interface WareCountTable {
  id: Generated<number>;
  account_id: string;
  company_id: string;
  register_id: string | null;
  service_id: string | null;
  ware_id: string | null;
  ware_name: string;
  category: string;
  product_id: string | null;
  product_name: string | null;
  user_name: string | null;
  poured_at: Timestamp;
  quantity: WithDefault<number>;
  /** A sale matches the pour. */
  cashed: boolean;
  /** Poured while a service was open. */
  in_shift: boolean;
  created_at: Timestamp;
}

export interface BackofficeTables {
  fiscal_access_requests: FiscalAccessRequestTable;
  jet_events: JetEventTable;
  jet_refusal_tallies: JetRefusalTallyTable;
  server_closures: ServerClosureTable;
  server_chain_heads: ServerChainHeadTable;
  signature_check_errors: SignatureCheckErrorTable;
  document_reprints: DocumentReprintTable;
  menu_categories: MenuCategoryTable;
  documents: DocumentTable;
  videos: VideoTable;
  video_states: VideoStateTable;
  faq_items: FaqItemTable;
  notifications: NotificationTable;
  removed_notifications: RemovedNotificationTable;
  referrals: ReferralTable;
  feed_items: FeedItemTable;
  partner_categories: PartnerCategoryTable;
  partners: PartnerTable;
  partner_integrations: PartnerIntegrationTable;
  partner_activation_tokens: PartnerActivationTokenTable;
  accounting_accounts: AccountingAccountTable;
  accounting_links: AccountingLinkTable;
  accounting_vat_keys: AccountingVatKeyTable;
  accounting_counters: AccountingCounterTable;
  accounting_exported_days: AccountingExportedDayTable;
  accounting_day_texts: AccountingDayTextTable;
  accounting_day_versions: AccountingDayVersionTable;
  accounting_name_versions: AccountingNameVersionTable;
  accounting_month_packs: AccountingMonthPackTable;
  customer_account_options: CustomerAccountOptionTable;
  report_settings: ReportSettingsTable;
  exports: ExportTable;
  archives: ArchiveTable;
  fiscal_file_checks: FiscalFileCheckTable;
  jobs: JobTable;
  mail_outbox: MailOutboxTable;
  customer_dunning_sends: CustomerDunningSendTable;
  wares: WareTable;
  ware_counts: WareCountTable;
}
