import crypto from 'node:crypto';
import { jwtVerify } from 'jose';
import { OUILINK_TOKEN_AUDIENCE } from '@comptoir/contracts';
import type { ServerKey } from '../../platform/server-key';

/** Long enough to open the frame, short enough that a leaked address is soon worthless. */
export const OUILINK_TOKEN_TTL_SECONDS = 5 * 60;

export interface OuilinkTokenClaims {
  /** The partner's own customer id (`partner_customer_id`). */
  customerId: string;
  /** The establishment's name, for the partner's greeting. */
  companyName: string;
}

function base64url(value: string | Uint8Array): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * A JWT (EdDSA) signed with the server's Ed25519 key, for the partner only (`aud`): the partner checks
 * it with the server's published public key, so no secret is shared with it.
 */
export function signOuilinkToken(
  serverKey: ServerKey,
  issuer: string,
  claims: OuilinkTokenClaims,
  now = new Date(),
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      iss: issuer,
      aud: OUILINK_TOKEN_AUDIENCE,
      sub: claims.customerId,
      name: claims.companyName,
      iat,
      exp: iat + OUILINK_TOKEN_TTL_SECONDS,
      jti: crypto.randomUUID(),
    }),
  );
  const signingInput = `${header}.${payload}`;
  const signature = Buffer.from(serverKey.sign(Buffer.from(signingInput)), 'base64');
  return `${signingInput}.${base64url(signature)}`;
}

/** The claims of a valid, unexpired token of this issuer for the partner; null otherwise. */
export async function verifyOuilinkToken(
  serverKey: ServerKey,
  issuer: string,
  token: string,
): Promise<OuilinkTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, serverKey.publicKey, {
      issuer,
      audience: OUILINK_TOKEN_AUDIENCE,
      algorithms: ['EdDSA'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.name !== 'string') return null;
    return { customerId: payload.sub, companyName: payload.name };
  } catch {
    return null;
  }
}
