import crypto from 'node:crypto';
import type { Config } from './config';
import { getJwtSecret } from './tokens';

/**
 * What a link's time means and where it stands among the signed fields. `expires`: the end of its
 * life, after the fields (the mailed download links). `issued`: when it was made, at index `at`,
 * valid for the lifetime and `driftSeconds` ahead of the server's clock (the fiscal PDF links, built
 * by the portal). A kind keeps its format for good: links already mailed must keep verifying.
 */
export type LinkStamp = { kind: 'expires' } | { kind: 'issued'; at: number; driftSeconds: number };

export type LinkVerdict = 'valid' | 'invalid' | 'expired';

export interface SignedLink {
  /** The link's time (Unix seconds, as the stamp's kind says) and its signature over `fields`. */
  sign(config: Config, fields: readonly string[], now?: Date): { stamp: number; signature: string };
  /** Constant-time check: `invalid` when the signature is not this kind's over `fields` and `stamp`. */
  verify(
    config: Config,
    fields: readonly string[],
    link: { stamp: number; signature: string },
    now?: Date,
  ): LinkVerdict;
}

/**
 * A kind of link that opens something without a session for `ttlSeconds`: HMAC-SHA256 (hex) of its
 * fields and time joined by `|`, under a key derived from the server secret that signs access tokens
 * with `label`, so that one kind's signature never passes for another's or for a token's.
 */
export function signedLink(
  label: string,
  ttlSeconds: number,
  stamp: LinkStamp = { kind: 'expires' },
): SignedLink {
  const signature = (config: Config, fields: readonly string[], time: number): string => {
    const signed = [...fields];
    signed.splice(stamp.kind === 'expires' ? signed.length : stamp.at, 0, String(time));
    const key = crypto.createHmac('sha256', getJwtSecret(config)).update(label).digest();
    return crypto.createHmac('sha256', key).update(signed.join('|')).digest('hex');
  };
  return {
    sign(config, fields, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000);
      const time = stamp.kind === 'expires' ? seconds + ttlSeconds : seconds;
      return { stamp: time, signature: signature(config, fields, time) };
    },
    verify(config, fields, link, now = new Date()) {
      const expected = Buffer.from(signature(config, fields, link.stamp), 'hex');
      const given = /^[0-9a-f]{64}$/i.test(link.signature)
        ? Buffer.from(link.signature, 'hex')
        : Buffer.alloc(0);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
      if (stamp.kind === 'expires') return link.stamp < now.getTime() / 1000 ? 'expired' : 'valid';
      const seconds = Math.floor(now.getTime() / 1000);
      const isExpired = link.stamp > seconds + stamp.driftSeconds || seconds - link.stamp > ttlSeconds;
      return isExpired ? 'expired' : 'valid';
    },
  };
}
