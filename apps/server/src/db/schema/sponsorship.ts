import type { Generated, Selectable } from 'kysely';
import type { Timestamp, WithDefault } from './columns';

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

/** Referrals (`modules/sponsorship`). */
export interface SponsorshipTables {
  referrals: ReferralTable;
}
