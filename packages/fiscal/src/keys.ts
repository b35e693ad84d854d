import crypto, { type KeyObject } from 'node:crypto';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface SigningKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** A key pair from a 32-byte seed: fixed keys for golden files and for the deterministic simulator. */
export function keyPairFromSeed(seed: Uint8Array): SigningKeyPair {
  if (seed.length !== 32) throw new RangeError('an Ed25519 seed is 32 bytes');
  const privateKey = crypto.createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { privateKey, publicKey: crypto.createPublicKey(privateKey) };
}

export function generateKeyPair(): SigningKeyPair {
  return crypto.generateKeyPairSync('ed25519');
}

/** The raw 32-byte public key, base64: what a register sends at enrollment. */
export function rawPublicKey(publicKey: KeyObject): string {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_ED25519_PREFIX.length).toString('base64');
}

export function publicKeyFromRaw(base64: string): KeyObject {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32) throw new RangeError('an Ed25519 public key is 32 bytes');
  return crypto.createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, raw]),
    format: 'der',
    type: 'spki',
  });
}

export function exportPrivateKeyPem(privateKey: KeyObject): string {
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

export function privateKeyFromPem(pem: string): SigningKeyPair {
  const privateKey = crypto.createPrivateKey(pem);
  return { privateKey, publicKey: crypto.createPublicKey(privateKey) };
}
