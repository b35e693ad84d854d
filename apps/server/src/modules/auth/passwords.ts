import crypto from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 32 MiB of memory per hash, about 50-100 ms on one core: the cost falls on guessing, not on signing in. */
const CURRENT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_N = 2 ** 20;

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const options = { ...params, maxmem: 256 * params.N * params.r * params.p };
    crypto.scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function format(params: ScryptParams, salt: Buffer, hash: Buffer): string {
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64url; the parameters travel with the hash. Other
 * parameters than the product's are for the test kit's users only (a cheaper hash, checked alike).
 */
export async function hashPassword(password: string, params: ScryptParams = CURRENT): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH);
  return format(params, salt, await scrypt(password, salt, KEY_LENGTH, params));
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const isSane = [N, r, p].every((n) => Number.isInteger(n) && n > 0) && N <= MAX_N && r <= 32 && p <= 16;
  if (!isSane) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || hash.length === 0) return undefined;
  return { params: { N, r, p }, salt, hash };
}

/** Constant-time check of a password against a stored `scrypt$...` hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await scrypt(password, parsed.salt, parsed.hash.length, parsed.params);
  return crypto.timingSafeEqual(candidate, parsed.hash);
}

// A well-formed hash nobody knows the password of: checking against it costs what a real check costs.
const TIMING_HASH = format(CURRENT, crypto.randomBytes(SALT_LENGTH), crypto.randomBytes(KEY_LENGTH));

/** Spends the time of a password check, so an unknown e-mail answers as slowly as a wrong password. */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  await verifyPassword(password, TIMING_HASH);
}
