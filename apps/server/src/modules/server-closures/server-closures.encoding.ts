import { canonicalize } from '@comptoir/fiscal';
import type { ServerClosurePayment, ServerClosureTax } from '../../db/schema/server-closures';

/** Every stored field of a server closure that its signature covers (all but `created_at` and `sig`). */
export interface ServerClosureSigned {
  id: string;
  account_id: string;
  company_id: string;
  type: number;
  start_day: string;
  end_day: string;
  opening_date: Date | string | null;
  closing_date: Date | string | null;
  amount_total_ivat: number;
  amount_total_evat: number;
  amount_tax: number;
  amount_discount_ivat: number;
  amount_offered_ivat: number;
  amount_total_wo_discount_ivat: number;
  amount_payment_shift: number;
  grand_total_ivat: number;
  payments: ServerClosurePayment[];
  taxes: ServerClosureTax[];
  services_count: number;
  seq: number;
  prev_sig: string | null;
}

const DOMAIN = 'comptoir/server-closure/v1\n';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The bytes the server signs for one server closure (v1): a domain line, then the canonical JSON of
 * every stored field except `created_at` and `sig`, plus `v: 1`. Timestamps are ISO 8601 (UTC) or
 * null; amounts integer cents; `payments` and `taxes` as stored (sorted by paymentTypeId / vatRateBp).
 */
export function encodeServerClosure(row: ServerClosureSigned): Buffer {
  const text = canonicalize({
    id: row.id,
    account_id: row.account_id,
    company_id: row.company_id,
    type: row.type,
    start_day: row.start_day,
    end_day: row.end_day,
    opening_date: iso(row.opening_date),
    closing_date: iso(row.closing_date),
    amount_total_ivat: row.amount_total_ivat,
    amount_total_evat: row.amount_total_evat,
    amount_tax: row.amount_tax,
    amount_discount_ivat: row.amount_discount_ivat,
    amount_offered_ivat: row.amount_offered_ivat,
    amount_total_wo_discount_ivat: row.amount_total_wo_discount_ivat,
    amount_payment_shift: row.amount_payment_shift,
    grand_total_ivat: row.grand_total_ivat,
    payments: row.payments,
    taxes: row.taxes,
    services_count: row.services_count,
    seq: row.seq,
    prev_sig: row.prev_sig,
    v: 1,
  });
  return Buffer.from(DOMAIN + text, 'utf8');
}
