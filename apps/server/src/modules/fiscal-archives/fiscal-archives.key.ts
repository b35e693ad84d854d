/**
 * The archive's `.txt` verification key (layout v1), UTF-8, one `name=value` per line, `\n` ends:
 *
 *     comptoir/fiscal-archive-key/v1
 *     file_sha256=<hex SHA-256 of the .csv, as downloaded>
 *     company_id=<uuid>
 *     company_name=<establishment name>
 *     kind=cashing|closing
 *     period_start=YYYY-MM-DD
 *     period_end=YYYY-MM-DD
 *     export_date=<ISO instant the archive was built>
 *     archive_seq=<1, 2... the archive's place in the establishment's chain>
 *     previous_archive_sha256=<hex SHA-256 of the establishment's previous archive, or "none">
 *     record_count=<rows of the .csv>
 *     signature=<base64 Ed25519 signature by the server of every byte above this line>
 *
 * The archives of an establishment are chained (cashing and closing in one chain): each key names
 * its predecessor's hash, and the server's signature covers that name.
 */
export const KEY_HEADER = 'comptoir/fiscal-archive-key/v1';

export interface ArchiveKeyFields {
  fileSha256: string;
  companyId: string;
  companyName: string;
  kind: 'cashing' | 'closing';
  periodStart: string;
  periodEnd: string;
  exportDate: string;
  archiveSeq: number;
  previousArchiveSha256: string | null;
  recordCount: number;
}

/** The signed part of the key: the header and the fields, each line ended by `\n`. */
export function keySignedText(fields: ArchiveKeyFields): string {
  const lines = [
    KEY_HEADER,
    `file_sha256=${fields.fileSha256}`,
    `company_id=${fields.companyId}`,
    `company_name=${fields.companyName.replace(/[\r\n]+/g, ' ')}`,
    `kind=${fields.kind}`,
    `period_start=${fields.periodStart}`,
    `period_end=${fields.periodEnd}`,
    `export_date=${fields.exportDate}`,
    `archive_seq=${fields.archiveSeq}`,
    `previous_archive_sha256=${fields.previousArchiveSha256 ?? 'none'}`,
    `record_count=${fields.recordCount}`,
  ];
  return lines.map((line) => `${line}\n`).join('');
}

export function keyFileText(fields: ArchiveKeyFields, sign: (bytes: Uint8Array) => string): string {
  const signed = keySignedText(fields);
  return `${signed}signature=${sign(Buffer.from(signed, 'utf8'))}\n`;
}

export interface ParsedKey {
  /** The bytes the signature should cover, exactly as uploaded. */
  signedText: string;
  signature: string;
  /** Every `name=value` of the signed part (the values as written, unchecked). */
  values: Map<string, string>;
}

/** Reads an uploaded key; null when it does not have the v1 layout (header, lines, signature last). */
export function parseKey(text: string): ParsedKey | null {
  const marker = '\nsignature=';
  const at = text.lastIndexOf(marker);
  if (!text.startsWith(`${KEY_HEADER}\n`) || at < 0) return null;
  const signedText = text.slice(0, at + 1);
  const signature = text.slice(at + marker.length).replace(/\r?\n$/, '');
  if (!/^[A-Za-z0-9+/=]+$/.test(signature)) return null;
  const values = new Map<string, string>();
  for (const line of signedText.split('\n').slice(1, -1)) {
    const eq = line.indexOf('=');
    if (eq <= 0) return null;
    values.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return { signedText, signature, values };
}
