import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A key the server has signed with (migration 019), as published by `GET /api/administration-fiscale/keys`. */
export interface ServerKeyTable {
  /** SHA-256 (lowercase hex) of the raw 32-byte public key. */
  fingerprint: string;
  /** The raw 32-byte Ed25519 public key, base64. */
  public_key: string;
  valid_from: Timestamp;
  /** When another key replaced it; null for the key in use. */
  valid_to: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export type ServerKeyRow = Selectable<ServerKeyTable>;

/** A verifier of a secret every instance of the deployment must share (migration 040). */
export interface DeploymentIdentityTable {
  /** What it verifies: `jwt-secret`. */
  name: string;
  /** Base64 HMAC-SHA256 of a fixed text under the secret. */
  verifier: string;
  set_at: Timestamp;
}

// Merged into `Database` here rather than in `./index` while that file is shared: same effect for Kysely.
declare module './index' {
  interface Database {
    server_keys: ServerKeyTable;
    deployment_identity: DeploymentIdentityTable;
  }
}
