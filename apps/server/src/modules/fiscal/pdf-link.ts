import crypto from 'node:crypto';
import { PDF_LINK_TTL_SECONDS, type PdfData, type PdfTargetQuery } from '@comptoir/contracts';
import type { Config } from '../../platform/config';
import { getJwtSecret } from '../../platform/tokens';

export const PDF_PATH = '/data/pdf';
const DB_NAME_PREFIX = 'comptoir_';

/**
 * The links' key, derived from the server secret that signs access tokens (one source of secrets),
 * under a label of its own so that a link signature can never pass for a token's or the reverse.
 */
function linkKey(config: Config): Buffer {
  return crypto.createHmac('sha256', getJwtSecret(config)).update('comptoir/pdf-link/v2').digest();
}

/** What a link's signature covers: the account, the time, the requester and the one document. */
export interface LinkFields {
  dbName: string;
  timestamp: number;
  /** The user who asked for the link. */
  by: string;
  target: PdfTargetQuery;
}

const TARGET_FIELDS = [
  'action',
  'closure_id',
  'service_id',
  'cash_register_id',
  'order_id',
  'receipt_id',
  'start',
  'end',
] as const satisfies readonly (keyof PdfTargetQuery)[];

export function signLink(config: Config, link: LinkFields): string {
  const document = TARGET_FIELDS.map((field) => `${field}=${link.target[field] ?? ''}`).join('&');
  return crypto
    .createHmac('sha256', linkKey(config))
    .update(`${link.dbName}|${link.timestamp}|${link.by}|${document}`)
    .digest('hex');
}

/** The account's name on the data host: opaque to the portal, read back only by the data host. */
export function dbNameOf(accountId: string): string {
  return `${DB_NAME_PREFIX}${accountId.replaceAll('-', '')}`;
}

/** The account id a db name stands for; null when it is not one. */
export function accountIdOf(dbName: string): string | null {
  const match = /^comptoir_([0-9a-f]{32})$/.exec(dbName);
  if (!match) return null;
  const hex = match[1]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `GET /api/administration-fiscale/pdf-data`: what the portal needs to build the link of one
 * document for a while, in the name of the user asking.
 */
export function pdfData(
  config: Config,
  caller: { accountId: string; userId: string },
  target: PdfTargetQuery,
  now: Date = new Date(),
): PdfData {
  const dbName = dbNameOf(caller.accountId);
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    dbName,
    timestamp,
    by: caller.userId,
    signature: signLink(config, { dbName, timestamp, by: caller.userId, target }),
    path: PDF_PATH,
    expiresAt: timestamp + PDF_LINK_TTL_SECONDS,
  };
}

export type LinkCheck =
  { ok: true; accountId: string; requesterId: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a link's signature over its db, ts, requester and document (constant-time compare). A ts
 * older than the links' lifetime, or ahead of the server's clock by more than a minute of drift, is
 * expired.
 */
export function checkLink(
  config: Config,
  link: PdfTargetQuery & { db: string; ts: number; by: string; signature: string },
  now: Date = new Date(),
): LinkCheck {
  const expected = Buffer.from(
    signLink(config, { dbName: link.db, timestamp: link.ts, by: link.by, target: link }),
    'hex',
  );
  const given = /^[0-9a-f]{64}$/i.test(link.signature) ? Buffer.from(link.signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  const accountId = accountIdOf(link.db);
  if (!accountId) return { ok: false, reason: 'invalid' };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (link.ts > nowSeconds + 60 || nowSeconds - link.ts > PDF_LINK_TTL_SECONDS) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, accountId, requesterId: link.by };
}
