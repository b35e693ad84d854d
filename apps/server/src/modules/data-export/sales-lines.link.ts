import crypto from 'node:crypto';
import type { Config } from '../../platform/config';
import { getJwtSecret } from '../../platform/tokens';

/** How long the mailed download link of a sales-lines export stays valid. */
export const SALES_LINES_LINK_TTL_SECONDS = 7 * 24 * 3600;

const linkKey = (config: Config) =>
  crypto.createHmac('sha256', getJwtSecret(config)).update('comptoir/sales-lines-link/v1').digest();

function linkSignature(config: Config, exportId: string, expires: number): string {
  return crypto.createHmac('sha256', linkKey(config)).update(`${exportId}|${expires}`).digest('hex');
}

/** The absolute link of the mail, signed for SALES_LINES_LINK_TTL_SECONDS. */
export function salesLinesLink(config: Config, exportId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + SALES_LINES_LINK_TTL_SECONDS;
  const signature = linkSignature(config, exportId, expires);
  return `${config.publicUrl}/api/dataExport/files/${exportId}?expires=${expires}&signature=${signature}`;
}

/** Constant-time check of a download link; false when forged or expired. */
export function isSalesLinesLinkValid(
  config: Config,
  link: { exportId: string; expires: number; signature: string },
  now = new Date(),
): boolean {
  if (link.expires < now.getTime() / 1000) return false;
  const expected = Buffer.from(linkSignature(config, link.exportId, link.expires), 'hex');
  const given = Buffer.from(link.signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
