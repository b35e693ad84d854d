import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { FISCAL_FILE_MAX_CSV_BYTES, POS_BATCH_LIMITS, type PosBatchLimits } from '@comptoir/contracts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** Loads the demo year on first start when the database is empty. */
  seedDemo: boolean;
  /** Days of demo activity loaded on first start, ending today. */
  demoDays: number;
  /** Directory of the built SPA (apps/web/dist). */
  webDist: string;
  /**
   * PKCS#8 PEM file of the server's Ed25519 signing key, the deployment's one signing identity:
   * every instance of a deployment is given the same (`SERVER_SIGNING_KEY_FILE`, or the PEM itself
   * in `SERVER_SIGNING_KEY`). Unset: generated on first start in DATA_DIR/secrets, for one instance
   * (see platform/server-key.ts).
   */
  serverSigningKeyFile: string | undefined;
  /** `SERVER_SIGNING_KEY`: the PEM itself, for platforms that pass secrets as environment variables. */
  serverSigningKeyPem?: string | undefined;
  /**
   * `SERVER_KEY_ROTATION`: the fingerprint of the published key this start deliberately replaces
   * (journaled, JET 12). Without it an instance refuses to start on a database whose current key
   * is another one (issue 33: a second instance with its own key damaged the evidence for good).
   */
  serverKeyRotation?: string | undefined;
  /**
   * `JWT_SECRET` (or the content of `JWT_SECRET_FILE`): the access tokens' HS256 key, at least 32
   * bytes. Unset: derived from the server signing key, so instances sharing the key share it.
   */
  jwtSecret?: string | undefined;
  /** `JWT_SECRET_ROTATION=1`: this start deliberately changes the tokens' key (every user signs in again). */
  jwtSecretRotation?: boolean;
  /** `METRICS_TOKEN`: the Bearer token `/metrics` asks of a caller not on this machine. */
  metricsToken?: string | undefined;
  /**
   * Fastify's `trustProxy`: which peers may name the client in `X-Forwarded-For`. Off by default, or
   * anyone could pick the address that the per-IP limits count.
   */
  trustProxy: TrustProxy;
  /** The certificate reference printed on fiscal documents beside the software's name and version. */
  certificateReference: string;
  /** The purchasing partner's direct page (`ouilink`, opened with `k`); default: the local stand-in. */
  ouilinkUrl: string;
  /** The partner's onboarding page (opened with `c`); default: the local stand-in. */
  ouilinkOnboardingUrl: string;
  /** Answers 2xx while the partner is up; unset: the local stand-in's health route, called in-process. */
  ouilinkHealthUrl: string | undefined;
  /** How long the health check may take before the partner counts as down. */
  ouilinkHealthTimeoutMs: number;
  /** Each register's limits on its batches (POS_BATCH_MAX_RECORDS, POS_BATCH_MAX_BYTES, POS_BATCHES_PER_MINUTE). */
  posBatchLimits: PosBatchLimits;
  /** The largest archive the fiscal file check takes (FISCAL_FILE_MAX_BYTES, 2 GB by default); it streams. */
  fiscalFileMaxBytes: number;
}

/** `true` trusts every peer; a list, those addresses or CIDRs. */
export type TrustProxy = boolean | string[];

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `0` or `false` off; `1` or `true` every peer; else addresses, CIDRs or proxy-addr's
 * range names, comma-separated. Hop counts are refused: Fastify 5.12 trusts nobody for a number.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  if (/^\d+$/.test(text)) {
    throw new Error(
      `TRUST_PROXY=${text}: hop counts are not supported (Fastify trusts no one for a number); ` +
        "list the proxies' addresses instead",
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')} is not an address, a CIDR or ` +
        'loopback/linklocal/uniquelocal (expected 1, true or a comma-separated list)',
    );
  }
  return entries;
}

function readSecretFile(file: string): string {
  return fs.readFileSync(path.resolve(file), 'utf8').trim();
}

/** A positive whole number from the environment, or the default. */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  // Default: `var/` at the repository root, wherever the server is started from (npm -w runs it in apps/server).
  const dataDir = env.DATA_DIR
    ? path.resolve(env.DATA_DIR)
    : new URL('../../../../var', import.meta.url).pathname;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== '0',
    demoDays: Math.max(1, Math.min(3660, Number(env.DEMO_DAYS ?? 365) || 365)),
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    serverSigningKeyFile: env.SERVER_SIGNING_KEY_FILE ? path.resolve(env.SERVER_SIGNING_KEY_FILE) : undefined,
    serverSigningKeyPem: env.SERVER_SIGNING_KEY || undefined,
    serverKeyRotation: env.SERVER_KEY_ROTATION?.trim() || undefined,
    jwtSecret: env.JWT_SECRET || (env.JWT_SECRET_FILE ? readSecretFile(env.JWT_SECRET_FILE) : undefined),
    jwtSecretRotation: env.JWT_SECRET_ROTATION === '1',
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    certificateReference: env.CERTIFICATE_REFERENCE?.trim() || 'en cours de certification (NF525)',
    ouilinkUrl: env.OUILINK_URL || '/partner-standin/ouilink/catalogue',
    ouilinkOnboardingUrl: env.OUILINK_ONBOARDING_URL || '/partner-standin/ouilink/inscription',
    ouilinkHealthUrl: env.OUILINK_HEALTH_URL || undefined,
    ouilinkHealthTimeoutMs: Math.max(100, Number(env.OUILINK_HEALTH_TIMEOUT_MS ?? 2000) || 2000),
    posBatchLimits: {
      maxRecords: positive(env.POS_BATCH_MAX_RECORDS, POS_BATCH_LIMITS.maxRecords),
      maxBytes: positive(env.POS_BATCH_MAX_BYTES, POS_BATCH_LIMITS.maxBytes),
      perMinute: positive(env.POS_BATCHES_PER_MINUTE, POS_BATCH_LIMITS.perMinute),
    },
    fiscalFileMaxBytes: positive(env.FISCAL_FILE_MAX_BYTES, FISCAL_FILE_MAX_CSV_BYTES),
  };
}
