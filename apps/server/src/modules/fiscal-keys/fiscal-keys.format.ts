import crypto from 'node:crypto';
import type { PublishedKey } from '@comptoir/contracts';
import { publicKeyFromRaw } from '@comptoir/fiscal';

/**
 * The fingerprint of a raw Ed25519 public key (base64): SHA-256 of its 32 decoded bytes, lowercase
 * hex (`KEY_FINGERPRINT_RULE`). The one place it is computed: registers, the server and archives.
 */
export function keyFingerprint(rawPublicKey: string): string {
  return crypto.createHash('sha256').update(Buffer.from(rawPublicKey, 'base64')).digest('hex');
}

/** A raw Ed25519 public key (base64) as published: raw, PEM SubjectPublicKeyInfo and fingerprint. */
export function publishedKey(rawPublicKey: string): PublishedKey {
  const pem = publicKeyFromRaw(rawPublicKey).export({ format: 'pem', type: 'spki' });
  return {
    algorithm: 'Ed25519',
    publicKey: rawPublicKey,
    publicKeyPem: typeof pem === 'string' ? pem : pem.toString('utf8'),
    fingerprint: keyFingerprint(rawPublicKey),
  };
}
