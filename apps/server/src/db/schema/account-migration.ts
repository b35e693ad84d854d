import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CredentialCheckTokenTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}
export type CredentialCheckTokenRow = Selectable<CredentialCheckTokenTable>;
export type NewCredentialCheckToken = Insertable<CredentialCheckTokenTable>;

export interface EmailChangeRequestTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  old_email: string;
  new_email: string;
  password_hash: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  applied_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}
export type EmailChangeRequestRow = Selectable<EmailChangeRequestTable>;
export type NewEmailChangeRequest = Insertable<EmailChangeRequestTable>;

export interface PasswordCheckFailureTable {
  id: Generated<number>;
  user_id: string;
  at: Timestamp;
}

export interface AccountMigrationTables {
  credential_check_tokens: CredentialCheckTokenTable;
  email_change_requests: EmailChangeRequestTable;
  password_check_failures: PasswordCheckFailureTable;
}
