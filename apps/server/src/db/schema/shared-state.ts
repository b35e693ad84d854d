import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns';

/** bytea: written as a Buffer, read as a Buffer (node-postgres) or a Uint8Array (PGlite). */
type Bytes = ColumnType<Uint8Array, Buffer | Uint8Array, Buffer | Uint8Array>;

/** One chunk (1 MB at most) of a file of the PostgreSQL file store (migration 037). */
export interface StoredFileChunkTable {
  upload_id: string;
  seq: number;
  data: Bytes;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A complete file of the PostgreSQL file store: its key and the upload that holds its chunks. */
export interface StoredFileTable {
  key: string;
  upload_id: string;
  size: number;
  chunk_count: number;
  sha256: string;
  created_at: Timestamp;
}

/** A rate limit's count for one key, in a window that starts at its first hit (migration 037). */
export interface RateLimitCounterTable {
  name: string;
  key: string;
  window_start_ms: number;
  window_ms: number;
  hits: number;
}

/** What the instances of one deployment share: the file store and the rate limits (`platform/`). */
export interface SharedStateTables {
  stored_file_chunks: StoredFileChunkTable;
  stored_files: StoredFileTable;
  rate_limit_counters: RateLimitCounterTable;
}
