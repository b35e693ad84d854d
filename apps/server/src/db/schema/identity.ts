import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccountTable {
  id: string;
  name: string;
  edition: 'standard' | 'suite';
  created_at: Timestamp;
}

export interface CompanyTable {
  id: string;
  account_id: string;
  company_name: string;
  legal_name: string | null;
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
  naf_code: string | null;
  address_street: string | null;
  address_zipcode: string | null;
  address_city: string | null;
  country_code: Generated<string>;
  timezone: Generated<string>;
  activity: Generated<string>;
  /** Last business day closed by the server (server closures): ingestion refuses records up to it. */
  fiscal_closed_through: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export type UserRole = 'holder' | 'sub_user' | 'staff';

export interface UserTable {
  id: string;
  account_id: string | null;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  role: UserRole;
  password_hash: string;
  locale: Generated<string>;
  has_migrated_email: Generated<boolean>;
  is_swift: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  password_changed_at: Timestamp;
}
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;

export type UserGroupName = 'comptoir-suite' | 'espace_client' | 'export_product_lines';

export interface UserGroupTable {
  user_id: string;
  name: UserGroupName;
}

export interface UserCompanyTable {
  user_id: string;
  company_id: string;
}

export interface SubUserServiceTable {
  user_id: string;
  service_name: string;
}

export type TokenKind = 'user' | 'fiscal' | 'view_as';

export interface RefreshTokenTable {
  id: string;
  user_id: string;
  token_hash: string;
  kind: TokenKind;
  account_id: string | null;
  scope: string;
  session_id: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  replaced_by: string | null;
}
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
export type NewRefreshToken = Insertable<RefreshTokenTable>;

export interface LoginAttemptTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: boolean;
  at: Timestamp;
}

export interface IdentityTables {
  accounts: AccountTable;
  companies: CompanyTable;
  users: UserTable;
  user_groups: UserGroupTable;
  user_companies: UserCompanyTable;
  sub_user_services: SubUserServiceTable;
  refresh_tokens: RefreshTokenTable;
  login_attempts: LoginAttemptTable;
}
