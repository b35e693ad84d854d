// Verifies Ed25519 signatures for the signature check, off the main thread. Plain JavaScript with
// node:crypto only, so that it runs the same under node, tsx and vitest.
// Message in: { id, keys: string[] (raw 32-byte public keys, base64), items: [keyIndex, bytes, sig][] }.
// Message out: { id, ok: Uint8Array } (1 verified, 0 not).
import crypto from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keyCache = new Map();

function keyOf(raw) {
  let key = keyCache.get(raw);
  if (!key) {
    key = crypto.createPublicKey({
      key: Buffer.concat([SPKI_PREFIX, Buffer.from(raw, 'base64')]),
      format: 'der',
      type: 'spki',
    });
    keyCache.set(raw, key);
  }
  return key;
}

parentPort.on('message', (msg) => {
  const ok = new Uint8Array(msg.items.length);
  for (let i = 0; i < msg.items.length; i += 1) {
    const [k, bytes, sig] = msg.items[i];
    try {
      ok[i] = crypto.verify(null, bytes, keyOf(msg.keys[k]), Buffer.from(sig, 'base64')) ? 1 : 0;
    } catch {
      ok[i] = 0;
    }
  }
  parentPort.postMessage({ id: msg.id, ok });
});
