import path from 'node:path';

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
   * PKCS#8 PEM of the server's Ed25519 signing key (production); when unset, the key is generated
   * on first start in DATA_DIR/secrets (see platform/server-key.ts).
   */
  serverSigningKeyFile: string | undefined;
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
  };
}
