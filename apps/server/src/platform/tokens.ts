import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { userGroupName } from '@comptoir/contracts';
import type { Config } from './config';
import { authError } from './auth-errors';
import { loadServerKey } from './server-key';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'comptoir';
const MIN_SECRET_BYTES = 32;

const accessTokenClaims = z.object({
  sub: z.uuid(),
  /** Account the token reads; null for support staff outside a view-as session. */
  acc: z.uuid().nullable(),
  role: z.enum(['holder', 'sub_user', 'staff']),
  groups: z.array(userGroupName),
  scope: z.string(),
  sid: z.uuid(),
  kind: z.enum(['user', 'fiscal', 'view_as']),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;
export type VerifiedAccessToken = AccessTokenClaims & { exp: number };

const secrets = new WeakMap<Config, Uint8Array>();

/**
 * The HS256 key of access tokens (and of signed links): `config.jwtSecret` (`JWT_SECRET` or
 * `JWT_SECRET_FILE`, at least 32 bytes); else `DATA_DIR/secrets/jwt.key` where a release before
 * issue 33 created it (its sessions and mailed links keep working; it is never created any more);
 * else derived from the server signing key — so that the instances of a deployment, which share
 * that key, accept each other's tokens with nothing else to configure. Memoised per config. The
 * start check (`platform/deployment-identity.ts`) refuses an instance whose key differs from the
 * one the database has seen.
 */
export function getJwtSecret(config: Config): Uint8Array {
  const known = secrets.get(config);
  if (known) return known;
  let secret: Uint8Array;
  if (config.jwtSecret) {
    secret = new TextEncoder().encode(config.jwtSecret);
    if (secret.length < MIN_SECRET_BYTES)
      throw new Error(`JWT_SECRET must hold at least ${MIN_SECRET_BYTES} bytes`);
  } else {
    const legacy = path.join(config.dataDir, 'secrets', 'jwt.key');
    secret = fs.existsSync(legacy)
      ? readLegacyKeyFile(legacy)
      : loadServerKey(config).derive('comptoir/jwt-secret/v1');
  }
  secrets.set(config, secret);
  return secret;
}

function readLegacyKeyFile(file: string): Uint8Array {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length < MIN_SECRET_BYTES) throw new Error(`${file} holds fewer than ${MIN_SECRET_BYTES} bytes`);
  return key;
}

export interface SignOptions {
  /** Issue time; a past one gives an already expired token (tests). */
  now?: Date;
  /** Caps the expiry, e.g. at the end of a fiscal access grant. */
  notAfter?: Date;
}

/**
 * Access-token lifetime: 15 minutes, or ACCESS_TOKEN_TTL_SECONDS (60 to 3600) to watch the portal's
 * renewal at work (the end-to-end tests use it).
 */
export function accessTokenTtlSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.ACCESS_TOKEN_TTL_SECONDS);
  if (!env.ACCESS_TOKEN_TTL_SECONDS || !Number.isInteger(configured)) return ACCESS_TOKEN_TTL_SECONDS;
  return Math.max(60, Math.min(3600, configured));
}

/** A short-lived HS256 access token carrying who calls, for which account, with which rights. */
export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessTokenClaims,
  options: SignOptions = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  let exp = iat + accessTokenTtlSeconds();
  if (options.notAfter) exp = Math.min(exp, Math.floor(options.notAfter.getTime() / 1000));
  const { sub, ...rest } = claims;
  return (
    new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      // Two tokens issued in the same second for the same session still differ.
      .setJti(crypto.randomUUID())
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(secret)
  );
}

/** Verifies signature, issuer, expiry and claim shapes; 401 ACCESS_TOKEN_EXPIRED or INVALID_TOKEN. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<VerifiedAccessToken> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER }));
  } catch (err) {
    throw authError(err instanceof joseErrors.JWTExpired ? 'ACCESS_TOKEN_EXPIRED' : 'INVALID_TOKEN');
  }
  const parsed = accessTokenClaims.extend({ exp: z.number() }).safeParse(payload);
  if (!parsed.success) throw authError('INVALID_TOKEN');
  return parsed.data;
}

/** 32 random bytes for the client; only their SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
