import crypto, { type KeyObject } from 'node:crypto';

export function signBytes(privateKey: KeyObject, bytes: Uint8Array): string {
  return crypto.sign(null, bytes, privateKey).toString('base64');
}

export function verifyBytes(publicKey: KeyObject, bytes: Uint8Array, signature: string): boolean {
  return crypto.verify(null, bytes, publicKey, Buffer.from(signature, 'base64'));
}

/** Verification on libuv's thread pool, so both cores verify while the main thread stores. */
export function verifyBytesAsync(
  publicKey: KeyObject,
  bytes: Uint8Array,
  signature: string,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    crypto.verify(null, bytes, publicKey, Buffer.from(signature, 'base64'), (err, ok) =>
      err ? reject(err) : resolve(ok),
    );
  });
}

export function signBytesAsync(privateKey: KeyObject, bytes: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    crypto.sign(null, bytes, privateKey, (err, sig) => (err ? reject(err) : resolve(sig.toString('base64'))));
  });
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}
