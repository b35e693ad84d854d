import type { Generated, Selectable } from 'kysely';
import type { Timestamp, JsonWithDefault } from './columns';

/** Technical events journal (JET): one server-signed chain per account, append-only. */
export interface JetEventTable {
  id: Generated<number>;
  account_id: string;
  company_id: string | null;
  seq: number;
  /** NF525 event code, two or three digits. */
  code: string;
  label: string;
  user_id: string | null;
  details: JsonWithDefault<Record<string, unknown>>;
  occurred_at: Timestamp;
  prev_sig: string | null;
  sig: string;
}
export type JetEventRow = Selectable<JetEventTable>;

/** Refusals journaled once per caller, code, reason and hour: how many there were (migration 034). */
export interface JetRefusalTallyTable {
  account_id: string;
  /** The refused user's id, or `fiscal:<session id>` for an inspector. */
  caller: string;
  code: string;
  reason: string;
  hour: Timestamp;
  count: number;
}

/** The technical events journal, JET (`platform/jet.ts`, `modules/jet`). */
export interface JetTables {
  jet_events: JetEventTable;
  jet_refusal_tallies: JetRefusalTallyTable;
}
