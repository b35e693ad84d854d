import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

export type ReprintedDocumentKind = 'ticket' | 'receipt' | 'z_report' | 'customer_note';

/** Each reprint of a document, printed « duplicata ». Append-only. */
export interface DocumentReprintTable {
  id: Generated<number>;
  account_id: string;
  company_id: string;
  document_kind: ReprintedDocumentKind;
  document_id: string;
  reprint_number: number;
  user_id: string | null;
  printed_at: Timestamp;
}

/** The register of reprinted documents (`modules/fiscal`). */
export interface DocumentReprintTables {
  document_reprints: DocumentReprintTable;
}
