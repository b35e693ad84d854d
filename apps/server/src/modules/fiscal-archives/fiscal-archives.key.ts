import { publicKeyFromRaw } from '@comptoir/fiscal';
import { keyFingerprint } from '../fiscal-keys/fiscal-keys.format';

/**
 * The archive's `.txt` verification key, UTF-8, one `name=value` per line, `\n` ends. Layout v2
 * (what the server writes since issue 18; v1 keys, without the public keys, are still read):
 *
 *     comptoir/fiscal-archive-key/v2
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
 *     server_public_key=<base64 DER SubjectPublicKeyInfo of the server's Ed25519 key: a PEM body>
 *     server_key_fingerprint=<hex SHA-256 of the raw 32-byte key, as GET /api/administration-fiscale/keys>
 *     register_count=<registers whose records the .csv holds>
 *     register=<id>|<serial>|<enrolled_at ISO>|<fingerprint>|<base64 DER SubjectPublicKeyInfo>|<name>
 *       (one line per register, by id; a `|` in the serial is written `/`, the name comes last)
 *     signature=<base64 Ed25519 signature by the server of every byte above this line>
 *
 * The archives of an establishment are chained (cashing and closing in one chain): each key names
 * its predecessor's hash, and the server's signature covers that name and the published keys.
 * `fiscal-archives.guide.ts` tells a third party how to check all of it with standard tools.
 */
export const KEY_HEADER = 'comptoir/fiscal-archive-key/v2';
/** Keys written before the public keys were published: same lines, without them. */
const KEY_HEADERS = ['comptoir/fiscal-archive-key/v1', KEY_HEADER];

/** A register whose records an archive holds, as its key publishes it. */
export interface ArchiveRegisterKey {
  id: string;
  serial: string;
  name: string;
  enrolledAt: Date;
  /** The raw 32-byte Ed25519 public key, base64, as the register sent it at enrolment. */
  publicKey: string;
}

/** A raw Ed25519 public key (base64) as the base64 DER SubjectPublicKeyInfo that OpenSSL reads (PEM body). */
export function spkiBase64(rawBase64: string): string {
  return publicKeyFromRaw(rawBase64).export({ format: 'der', type: 'spki' }).toString('base64');
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

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
  /** The server's raw public key, base64 (`ServerKey.publicKeyRaw`). */
  serverPublicKey: string;
  registers: ArchiveRegisterKey[];
}

/** The signed part of the key: the header and the fields, each line ended by `\n`. */
export function keySignedText(fields: ArchiveKeyFields): string {
  const lines = [
    KEY_HEADER,
    `file_sha256=${fields.fileSha256}`,
    `company_id=${fields.companyId}`,
    `company_name=${oneLine(fields.companyName)}`,
    `kind=${fields.kind}`,
    `period_start=${fields.periodStart}`,
    `period_end=${fields.periodEnd}`,
    `export_date=${fields.exportDate}`,
    `archive_seq=${fields.archiveSeq}`,
    `previous_archive_sha256=${fields.previousArchiveSha256 ?? 'none'}`,
    `record_count=${fields.recordCount}`,
    `server_public_key=${spkiBase64(fields.serverPublicKey)}`,
    `server_key_fingerprint=${keyFingerprint(fields.serverPublicKey)}`,
    `register_count=${fields.registers.length}`,
    ...fields.registers.map(
      (register) =>
        `register=${[
          register.id,
          oneLine(register.serial).replaceAll('|', '/'),
          register.enrolledAt.toISOString(),
          keyFingerprint(register.publicKey),
          spkiBase64(register.publicKey),
          oneLine(register.name),
        ].join('|')}`,
    ),
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
  if (!KEY_HEADERS.some((header) => text.startsWith(`${header}\n`)) || at < 0) return null;
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
