import type { RecordKind } from '@comptoir/contracts';

/**
 * Record seals (version 1). At ingestion the server derives rows from each verified record (orders,
 * their lines and payments, tracking...); the seal binds those stored rows to the record: a SHA-256
 * digest of the rows in PostgreSQL's binary form, computed by the database (`storedRowDigests`), and
 * a server HMAC over the record's chain position, its signature and that digest. The signature check recomputes the
 * digest of what is stored now: an edited, added or removed row changes it, and a forged digest
 * fails the HMAC. A layout never changes once released: a new column or table is a new version.
 */
export const SEAL_VERSION = 1;

export interface SealedTable {
  table: SealedTableName;
  /** The column holding the record's id (`data.id`) on the derived rows. */
  link: string;
  /** Tracking rows of the record's kind written by the POS only. */
  isTracking?: boolean;
  /** Digested in this order, each in PostgreSQL's binary form (`record_send`). */
  columns: readonly string[];
}

export type SealedTableName =
  | 'orders'
  | 'order_lines'
  | 'payment_lines'
  | 'tracking'
  | 'services'
  | 'receipts'
  | 'receipt_details'
  | 'receipt_detail_taxes'
  | 'cash_movements'
  | 'credits'
  | 'customer_operations'
  | 'closures'
  | 'technical_interventions'
  | 'control_strip_documents';

const tenant = ['account_id', 'company_id'] as const;
const position = ['register_id', 'seq'] as const;
const amounts = [
  'amount_total_ivat',
  'amount_total_evat',
  'amount_tax',
  'amount_discount_ivat',
  'amount_offered_ivat',
] as const;
const user = (prefix: string) => [`${prefix}_id`, `${prefix}_firstname`, `${prefix}_lastname`] as const;

const TRACKING: SealedTable = {
  table: 'tracking',
  link: 'record_id',
  isTracking: true,
  columns: [
    'id',
    ...tenant,
    'register_id',
    'record_kind',
    'record_id',
    'action',
    'table_name',
    'table_id',
    'key_',
    'value',
    'at',
    'source',
    'app_version',
    'comment',
  ],
};

/**
 * The rows each record kind derives, in digest order. Customer accounts themselves are edited by
 * the back office (only their tracking is sealed); everything else a record derives is append-only.
 */
export const SEALED_TABLES: Record<RecordKind, readonly SealedTable[]> = {
  order: [
    {
      table: 'orders',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'service_id',
        'number',
        'business_day',
        'opening_date',
        'closing_date',
        'activity_type',
        'room_id',
        'room_name',
        'table_name',
        'covers',
        ...user('user'),
        'customer_account_id',
        'cancels_order_id',
        'global_discount',
        ...amounts,
        'amount_total_wo_discount_ivat',
        'app_version',
        'sig',
      ],
    },
    {
      table: 'order_lines',
      link: 'order_id',
      columns: [
        'id',
        ...tenant,
        'business_day',
        'order_id',
        'parent_id',
        'product_id',
        'product_name',
        'category_id',
        'category_name',
        'quantity',
        'standard_price',
        'price',
        'discount',
        'offered',
        'vat_rate',
        'amount_evat',
        'amount_tax',
        'removed',
        'created_at',
        'user_id',
      ],
    },
    {
      table: 'payment_lines',
      link: 'order_id',
      columns: [
        'id',
        ...tenant,
        'business_day',
        'order_id',
        'payment_type_id',
        'payment_name',
        'amount',
        'tip',
        'paid_at',
        'device',
        'user_id',
        'customer_account_id',
        'removed',
      ],
    },
    TRACKING,
  ],
  service: [
    {
      table: 'services',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'number',
        'business_day',
        'opening_date',
        'closing_date',
        ...user('opened_by'),
        ...user('closed_by'),
        'cash_float',
        'expected_cash',
        'counted_cash',
        ...amounts,
        'payments',
        'app_version',
        'device',
      ],
    },
    TRACKING,
  ],
  receipt: [
    {
      table: 'receipts',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'order_id',
        'service_id',
        'number',
        'printed_at',
        'name',
        'print_try',
        'printed',
        ...user('user'),
        'app_version',
      ],
    },
    {
      table: 'receipt_details',
      link: 'receipt_id',
      columns: ['id', ...tenant, 'receipt_id', 'label', 'quantity', 'amount', 'vat_rate'],
    },
    {
      table: 'receipt_detail_taxes',
      link: 'receipt_id',
      columns: ['id', ...tenant, 'receipt_id', 'vat_rate', 'amount_evat', 'amount_tax', 'amount_ivat'],
    },
  ],
  cash_movement: [
    {
      table: 'cash_movements',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'service_id',
        'business_day',
        'at',
        'amount',
        'notice',
        'payment_type_id',
        'device',
        ...user('user'),
        'app_version',
      ],
    },
    TRACKING,
  ],
  credit: [
    {
      table: 'credits',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'service_id',
        'business_day',
        'at',
        'amount',
        'notice',
        'order_id',
        'customer_account_id',
        'payment_type_id',
        ...user('user'),
        'app_version',
      ],
    },
    TRACKING,
  ],
  customer_account: [TRACKING],
  customer_operation: [
    {
      table: 'customer_operations',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'customer_account_id',
        'business_day',
        'at',
        'operation',
        'amount',
        'balance_after',
        'order_id',
        'payment_type_id',
        'payment_name',
        ...user('user'),
      ],
    },
  ],
  closure: [
    {
      table: 'closures',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'type',
        'start_day',
        'end_day',
        'opening_date',
        'closing_date',
        ...amounts,
        'amount_total_wo_discount_ivat',
        'amount_payment_shift',
        'grand_total_ivat',
        'payments',
        'taxes',
        'service_ids',
        'comment',
      ],
    },
  ],
  technical_intervention: [
    {
      table: 'technical_interventions',
      link: 'id',
      columns: [
        'id',
        ...tenant,
        ...position,
        'at',
        'case_id',
        'table_name',
        'table_id',
        ...user('user'),
        'comment',
      ],
    },
  ],
  control_strip: [
    {
      table: 'control_strip_documents',
      link: 'id_control_strip',
      columns: [
        'id',
        ...tenant,
        'register_id',
        'id_control_strip',
        'service_id',
        'document_type',
        'at',
        'document_name',
        'action',
        'description',
        'device_id',
        ...user('user'),
        'sales_document_id',
      ],
    },
  ],
};

/**
 * The bytes the server's HMAC covers: the seal version, the record's chain position, its signature
 * (so a seal cannot be moved to another record) and the digest of its stored rows.
 */
export function encodeRecordSeal(seal: {
  registerId: string;
  kind: string;
  seq: number;
  sig: string;
  digest: string;
}): Buffer {
  return Buffer.from(
    `comptoir/record-seal/v${SEAL_VERSION}\n${seal.registerId}\n${seal.kind}\n${seal.seq}\n${seal.sig}\n${seal.digest}`,
    'utf8',
  );
}
