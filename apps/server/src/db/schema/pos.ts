// Over 400 lines: the row types of the POS area's 30 tables (registers, catalogue, signed records, customer accounts, rollups), one short interface each over shared column types.
import type { ColumnType, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns: written as 'YYYY-MM-DD', read back as a string (type parser set in database.ts). */
type Day = ColumnType<string, string, string>;
/** `numeric` comes back as a string: exact decimals. */
type Numeric = ColumnType<string, string | number, string | number>;
/** json(b): written as the value itself through the JSON bulk path (`insertMany`), or as JSON text. */
type Json<T = unknown> = ColumnType<T, T | string, T | string>;

interface Tenant {
  account_id: string;
  company_id: string;
}
interface ChainPosition {
  register_id: string;
  seq: number;
}
interface Amounts {
  amount_total_ivat: number;
  amount_total_evat: number;
  amount_tax: number;
  amount_discount_ivat: number;
  amount_offered_ivat: number;
}

export interface RegisterTable extends Tenant {
  id: string;
  name: string;
  serial: string;
  public_key: string;
  token_hash: string;
  enrolled_by: string;
  enrolled_at: Timestamp;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  closed_through: Day | null;
  /** The back office's own register (migration 036): the server signs its records; it closes no day. */
  is_back_office: ColumnType<boolean, boolean | undefined, boolean>;
}
export type RegisterRow = Selectable<RegisterTable>;

export interface ChainHeadTable extends Tenant {
  register_id: string;
  kind: string;
  last_seq: number;
  last_sig: string;
  server_sig: string | null;
  updated_at: Timestamp;
}

export interface PosBatchTable {
  batch_id: string;
  register_id: string;
  account_id: string;
  records: number;
  received_at: Timestamp;
  /** SHA-256 of the batch's records (`batchDigest`); null for batches stored before it. */
  content_digest: string | null;
}

export interface VatRateTable extends Tenant {
  id: string;
  rate: Numeric;
  rate_bp: number;
  label: string;
}
export interface ProductCategoryTable extends Tenant {
  id: string;
  name: string;
  position: number;
}
export interface ProductTable extends Tenant {
  id: string;
  category_id: string;
  name: string;
  price: number;
  vat_rate_bp: number;
  product_type: string;
  is_active: boolean;
}
export interface PaymentTypeTable extends Tenant {
  id: string;
  name: string;
  code: string;
  is_cash: boolean;
}
export interface RoomTable extends Tenant {
  id: string;
  name: string;
}
export interface DiningTableTable extends Tenant {
  id: string;
  room_id: string;
  name: string;
  seats: number;
}
export interface PosStaffTable extends Tenant {
  id: string;
  firstname: string;
  lastname: string;
  role: string;
}

export interface PosRecordTable extends Tenant, ChainPosition {
  kind: string;
  v: number;
  at: Timestamp;
  prev_sig: string | null;
  sig: string;
  record_id: string;
  business_day: Day | null;
  data: Json;
  batch_id: string;
  received_at: Timestamp;
  /** Seal of the rows the record derived (`pos.seal.ts`); null for records stored before seals. */
  rows_digest: string | null;
  rows_seal: string | null;
}

export interface ServiceTable extends Tenant, ChainPosition, Amounts {
  id: string;
  number: number;
  business_day: Day;
  opening_date: Timestamp;
  closing_date: Timestamp;
  opened_by_id: string;
  opened_by_firstname: string;
  opened_by_lastname: string;
  closed_by_id: string;
  closed_by_firstname: string;
  closed_by_lastname: string;
  cash_float: number;
  expected_cash: number;
  counted_cash: number;
  payments: Json;
  app_version: string;
  device: string;
}

export interface OrderTable extends Tenant, ChainPosition, Amounts {
  id: string;
  service_id: string;
  number: number;
  business_day: Day;
  opening_date: Timestamp;
  closing_date: Timestamp;
  activity_type: number;
  room_id: string | null;
  room_name: string | null;
  table_name: string | null;
  covers: number;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
  customer_account_id: string | null;
  cancels_order_id: string | null;
  global_discount: number;
  amount_total_wo_discount_ivat: number;
  app_version: string;
  sig: string;
}

export interface OrderLineTable extends Tenant {
  id: string;
  business_day: Day;
  order_id: string;
  parent_id: string | null;
  product_id: string;
  product_name: string;
  category_id: string;
  category_name: string;
  quantity: number;
  standard_price: number;
  price: number;
  discount: number;
  offered: number;
  vat_rate: Numeric;
  amount_evat: number;
  amount_tax: number;
  removed: boolean;
  created_at: Timestamp;
  user_id: string;
}

export interface PaymentLineTable extends Tenant {
  id: string;
  business_day: Day;
  order_id: string;
  payment_type_id: string;
  payment_name: string;
  amount: number;
  tip: number;
  paid_at: Timestamp;
  device: string;
  user_id: string;
  customer_account_id: string | null;
  removed: boolean;
}

export interface ReceiptTable extends Tenant, ChainPosition {
  id: string;
  order_id: string;
  service_id: string;
  number: number;
  printed_at: Timestamp;
  name: string;
  print_try: number;
  printed: boolean;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
  app_version: string;
}
export interface ReceiptDetailTable extends Tenant {
  id: string;
  receipt_id: string;
  label: string;
  quantity: number;
  amount: number;
  vat_rate: Numeric;
}
export interface ReceiptDetailTaxTable extends Tenant {
  id: string;
  receipt_id: string;
  vat_rate: Numeric;
  amount_evat: number;
  amount_tax: number;
  amount_ivat: number;
}

export interface CashMovementTable extends Tenant, ChainPosition {
  id: string;
  service_id: string;
  business_day: Day;
  at: Timestamp;
  amount: number;
  notice: string;
  payment_type_id: string | null;
  device: string;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
  app_version: string;
}

export interface CreditTable extends Tenant, ChainPosition {
  id: string;
  service_id: string;
  business_day: Day;
  at: Timestamp;
  amount: number;
  notice: string;
  order_id: string | null;
  customer_account_id: string | null;
  payment_type_id: string | null;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
  app_version: string;
}

export interface CustomerAccountTable {
  id: string;
  account_id: string;
  type: number;
  lastname: string;
  firstname: string;
  card_number: string | null;
  email: string | null;
  phone: string | null;
  address_street: string | null;
  address_zipcode: string | null;
  address_city: string | null;
  note: string | null;
  is_company: boolean;
  company_name: string | null;
  company_siren: string | null;
  company_vat: string | null;
  search: string;
  balance: ColumnType<number, number | undefined, number>;
  visits: ColumnType<number, number | undefined, number>;
  /** Cents the balance may go below zero, null for none (migration 013). */
  credit_limit: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  removed_at: Timestamp | null;
}
export interface CustomerAccountCompanyTable {
  customer_account_id: string;
  company_id: string;
  account_id: string;
  uniq_id_customer: number;
}
/** The list's statistics per account and establishment, kept by ingestion (migration 016). */
export interface CustomerAccountFiguresTable {
  account_id: string;
  company_id: string;
  customer_account_id: string;
  visit: number;
  nb_guests: number;
  turnover: number;
  discount: number;
  offered: number;
}
export interface CustomerOperationTable extends Tenant, ChainPosition {
  id: string;
  customer_account_id: string;
  business_day: Day;
  at: Timestamp;
  operation: string;
  amount: number;
  balance_after: number;
  order_id: string | null;
  payment_type_id: string | null;
  payment_name: string | null;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
}

export interface ClosureTable extends Tenant, ChainPosition, Amounts {
  id: string;
  type: number;
  start_day: Day;
  end_day: Day;
  opening_date: Timestamp;
  closing_date: Timestamp;
  amount_total_wo_discount_ivat: number;
  amount_payment_shift: number;
  grand_total_ivat: number;
  payments: Json;
  taxes: Json;
  service_ids: Json<string[]>;
  comment: string | null;
}

export interface TrackingTable extends Tenant {
  id: string;
  register_id: string | null;
  record_kind: string;
  record_id: string;
  action: 'create' | 'update' | 'delete';
  table_name: string;
  table_id: string;
  key_: string | null;
  value: string | null;
  at: Timestamp;
  source: 'pos' | 'server';
  app_version: string | null;
  comment: string | null;
}

export interface ControlStripDocumentTable extends Tenant {
  id: string;
  register_id: string;
  id_control_strip: string;
  service_id: string;
  document_type: 'shift' | 'sales';
  at: Timestamp;
  document_name: string;
  action: string;
  description: string;
  device_id: string;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
  sales_document_id: string | null;
}

export interface TechnicalInterventionTable extends Tenant, ChainPosition {
  id: string;
  at: Timestamp;
  case_id: string;
  table_name: string | null;
  table_id: string | null;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
  comment: string;
}

export interface DailyRollupTable extends Tenant {
  business_day: Day;
  /** The orders' activity type (1 on site, 2 takeaway, 3 delivery); 0 for rows written before 006. */
  activity_type: number;
  dimension: string;
  key: string;
  label: string;
  orders: number;
  covers: number;
  quantity: number;
  amount_ivat: number;
  amount_evat: number;
  amount_tax: number;
  discount: number;
  offered: number;
}
export type NewDailyRollup = Insertable<DailyRollupTable>;

/** The breakdown dimensions of the daily rollups summed per calendar month (`month`: its first day). */
export interface MonthlyRollupTable extends Omit<DailyRollupTable, 'business_day'> {
  month: Day;
}
export type NewMonthlyRollup = Insertable<MonthlyRollupTable>;

export interface PosTables {
  registers: RegisterTable;
  chain_heads: ChainHeadTable;
  pos_batches: PosBatchTable;
  vat_rates: VatRateTable;
  product_categories: ProductCategoryTable;
  products: ProductTable;
  payment_types: PaymentTypeTable;
  rooms: RoomTable;
  dining_tables: DiningTableTable;
  pos_staff: PosStaffTable;
  pos_records: PosRecordTable;
  services: ServiceTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  payment_lines: PaymentLineTable;
  receipts: ReceiptTable;
  receipt_details: ReceiptDetailTable;
  receipt_detail_taxes: ReceiptDetailTaxTable;
  cash_movements: CashMovementTable;
  credits: CreditTable;
  customer_accounts: CustomerAccountTable;
  customer_account_companies: CustomerAccountCompanyTable;
  customer_operations: CustomerOperationTable;
  customer_account_figures: CustomerAccountFiguresTable;
  closures: ClosureTable;
  tracking: TrackingTable;
  control_strip_documents: ControlStripDocumentTable;
  technical_interventions: TechnicalInterventionTable;
  daily_rollups: DailyRollupTable;
  monthly_rollups: MonthlyRollupTable;
}
