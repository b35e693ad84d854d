import type { Generated } from 'kysely';
import type { Timestamp, WithDefault } from './columns';

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

/** Bar dispenser wares and their pours (`modules/bardistrib`). */
export interface WareTables {
  wares: WareTable;
  ware_counts: WareCountTable;
}
