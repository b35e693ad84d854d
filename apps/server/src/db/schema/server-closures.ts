import type { Generated, Selectable } from 'kysely';
import type { TaxBreakdown } from '@comptoir/contracts';
import type { Timestamp, Day, JsonWithDefault, WithDefault } from './columns';

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

/** The server's closures and the heads of the chains the server signs (JET, closures, archives). */
export interface ServerClosureTables {
  server_closures: ServerClosureTable;
  server_chain_heads: ServerChainHeadTable;
}
