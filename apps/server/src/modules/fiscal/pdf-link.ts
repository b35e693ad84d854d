import { PDF_LINK_TTL_SECONDS, type PdfData, type PdfTargetQuery } from '@comptoir/contracts';
import type { Config } from '../../platform/config';
import { signedLink } from '../../platform/signed-link';

export const PDF_PATH = '/data/pdf';
const DB_NAME_PREFIX = 'comptoir_';

/**
 * The portal builds these links from `pdfData`: their time is when they were issued (second of the
 * signed fields), valid for PDF_LINK_TTL_SECONDS and up to a minute of drift ahead of our clock.
 */
const pdfLinks = signedLink('comptoir/pdf-link/v2', PDF_LINK_TTL_SECONDS, {
  kind: 'issued',
  at: 1,
  driftSeconds: 60,
});

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

function signedFields(link: Omit<LinkFields, 'timestamp'>): string[] {
  const document = TARGET_FIELDS.map((field) => `${field}=${link.target[field] ?? ''}`).join('&');
  return [link.dbName, link.by, document];
}

/** The signature of a link issued at `link.timestamp` (tests sign links of any age with it). */
export function signLink(config: Config, link: LinkFields): string {
  return pdfLinks.sign(config, signedFields(link), new Date(link.timestamp * 1000)).signature;
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
  const { stamp: timestamp, signature } = pdfLinks.sign(
    config,
    signedFields({ dbName, by: caller.userId, target }),
    now,
  );
  return {
    dbName,
    timestamp,
    by: caller.userId,
    signature,
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
  const fields = signedFields({ dbName: link.db, by: link.by, target: link });
  const verdict = pdfLinks.verify(config, fields, { stamp: link.ts, signature: link.signature }, now);
  if (verdict === 'invalid') return { ok: false, reason: 'invalid' };
  const accountId = accountIdOf(link.db);
  if (!accountId) return { ok: false, reason: 'invalid' };
  if (verdict === 'expired') return { ok: false, reason: 'expired' };
  return { ok: true, accountId, requesterId: link.by };
}
