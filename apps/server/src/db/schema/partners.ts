import type { Generated } from 'kysely';
import type { Timestamp, WithDefault } from './columns';

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

/** Partners, their categories and integrations (`modules/partners`). */
export interface PartnerTables {
  partner_categories: PartnerCategoryTable;
  partners: PartnerTable;
  partner_integrations: PartnerIntegrationTable;
  partner_activation_tokens: PartnerActivationTokenTable;
}
