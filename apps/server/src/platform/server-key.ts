import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  exportPrivateKeyPem,
  generateKeyPair,
  privateKeyFromPem,
  rawPublicKey,
  signBytes,
  verifyBytes,
} from '@comptoir/fiscal';
import type { Config } from './config';

/**
 * The server's own Ed25519 key: it signs what the server records as fiscal evidence (JET events,
 * server closures, chain heads, archives), as each register signs its records with its key.
 */
export interface ServerKey {
  /** Base64 signature of the bytes. */
  sign(bytes: Uint8Array): string;
  verify(bytes: Uint8Array, signature: string): boolean;
  publicKey: KeyObject;
  /** The raw 32-byte public key, base64, as registers' keys are published. */
  publicKeyRaw: string;
  /**
   * HMAC-SHA256 (base64) under a key derived from the private key: the server's cheap mark on data
   * it alone may vouch for (record seals), checked by `checkSeal` only.
   */
  seal(bytes: Uint8Array): string;
  checkSeal(bytes: Uint8Array, seal: string): boolean;
  /** A 32-byte secret derived from the private key for one purpose (`info`), e.g. the tokens' key. */
  derive(info: string): Uint8Array;
}

/** Where the key lives when SERVER_SIGNING_KEY_FILE does not name a file. */
export function defaultServerKeyFile(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'server-signing-key.pem');
}

/**
 * The deployment's signing identity: the PEM of `config.serverSigningKeyPem` (`SERVER_SIGNING_KEY`),
 * else the file `config.serverSigningKeyFile` (production: a PKCS#8 PEM provisioned with the
 * deployment and given to every instance; missing or unreadable stops the start), else
 * `DATA_DIR/secrets/server-signing-key.pem`, generated on first start with mode 0600 — one
 * instance's key (a new data directory means a new key: tests). A key file that cannot be written
 * stops the start too: a key that died with its process would leave signatures no one can verify.
 * Whether the database accepts the key is `fiscal-keys`' start check (`registerServerKey`).
 */
export function loadServerKey(
  config: Pick<Config, 'dataDir' | 'serverSigningKeyFile' | 'serverSigningKeyPem'>,
): ServerKey {
  if (config.serverSigningKeyPem)
    return serverKey(ed25519Key(config.serverSigningKeyPem, 'SERVER_SIGNING_KEY'));
  if (config.serverSigningKeyFile) return serverKey(readKeyFile(config.serverSigningKeyFile));
  const file = defaultServerKeyFile(config.dataDir);
  try {
    createKeyFileOnce(file);
  } catch (err) {
    throw new Error(
      `Cannot create the server signing key in ${file} (${String(err)}): make DATA_DIR writable, or give ` +
        'SERVER_SIGNING_KEY_FILE (the same file to every instance of the deployment)',
    );
  }
  return serverKey(readKeyFile(file));
}

function ed25519Key(pem: string, source: string): KeyObject {
  const { privateKey } = privateKeyFromPem(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${source} does not hold an Ed25519 key`);
  return privateKey;
}

function readKeyFile(file: string): KeyObject {
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) {
    process.emitWarning(`${file} is readable by other users (mode ${mode.toString(8)}); use 600`);
  }
  return ed25519Key(fs.readFileSync(file, 'utf8'), file);
}

function serverKey(privateKey: KeyObject): ServerKey {
  const publicKey = crypto.createPublicKey(privateKey);
  const secretKey = privateKey.export({ format: 'der', type: 'pkcs8' });
  const derive = (info: string) =>
    new Uint8Array(crypto.hkdfSync('sha256', secretKey, Buffer.alloc(0), info, 32));
  const sealKey = Buffer.from(derive('comptoir/seal-key/v1'));
  const seal = (bytes: Uint8Array) => crypto.createHmac('sha256', sealKey).update(bytes).digest('base64');
  return {
    sign: (bytes) => signBytes(privateKey, bytes),
    verify: (bytes, signature) => verifyBytes(publicKey, bytes, signature),
    publicKey,
    publicKeyRaw: rawPublicKey(publicKey),
    seal,
    derive,
    checkSeal: (bytes, given) => {
      const expected = Buffer.from(seal(bytes), 'base64');
      const found = Buffer.from(given, 'base64');
      return found.length === expected.length && crypto.timingSafeEqual(found, expected);
    },
  };
}

function createKeyFileOnce(file: string): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written aside then linked into place: a concurrent starter reads either nothing or the whole key.
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, exportPrivateKeyPem(generateKeyPair().privateKey), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.unlinkSync(draft);
  }
}
