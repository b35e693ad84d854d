/**
 * The archive's `.csv` layout (v1), UTF-8, `;`-separated, `\n` ends, every field between double
 * quotes (a quote inside doubled). One row per signed register record, by register, kind and seq:
 *
 *     register_id;kind;seq;v;at;prev_sig;sig;data
 *
 * `data` is the canonical JSON of the record's data and `at` its ISO instant, so that each row can be
 * checked with the register's public key: the signed bytes are `comptoir/pos-record/v1\n` followed by
 * the canonical JSON of `{at, data, kind, prev, register, seq, v}` (see `@comptoir/fiscal`), and each
 * `prev_sig` is the `sig` of the register's previous record of that kind.
 */
export const CSV_HEADER = 'register_id;kind;seq;v;at;prev_sig;sig;data\n';

export interface ArchivedRecord {
  register_id: string;
  kind: string;
  seq: number | string;
  v: number;
  at: Date;
  prev_sig: string | null;
  sig: string;
  /** The canonical JSON text of the data, as the register signed it. */
  data: string;
}

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

// Signed bytes, never neutralised; no cell can run: hex ids, digit-led `at`, `{`-led JSON, base64 (no `(` or `|`).
export function csvRow(record: ArchivedRecord): string {
  return `${[
    record.register_id,
    record.kind,
    String(record.seq),
    String(record.v),
    record.at.toISOString(),
    record.prev_sig ?? '',
    record.sig,
    record.data,
  ]
    .map(quote)
    .join(';')}\n`;
}
