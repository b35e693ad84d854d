import type { Config } from '../../platform/config';
import { signedLink } from '../../platform/signed-link';

/** How long the mailed download link of a sales-lines export stays valid. */
export const SALES_LINES_LINK_TTL_SECONDS = 7 * 24 * 3600;

const salesLinesLinks = signedLink('comptoir/sales-lines-link/v1', SALES_LINES_LINK_TTL_SECONDS);

/** The absolute link of the mail, signed for SALES_LINES_LINK_TTL_SECONDS. */
export function salesLinesLink(config: Config, exportId: string, now = new Date()): string {
  const { stamp, signature } = salesLinesLinks.sign(config, [exportId], now);
  return `${config.publicUrl}/api/dataExport/files/${exportId}?expires=${stamp}&signature=${signature}`;
}

/** Constant-time check of a download link; false when forged or expired. */
export function isSalesLinesLinkValid(
  config: Config,
  link: { exportId: string; expires: number; signature: string },
  now = new Date(),
): boolean {
  const verdict = salesLinesLinks.verify(
    config,
    [link.exportId],
    { stamp: link.expires, signature: link.signature },
    now,
  );
  return verdict === 'valid';
}
