import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportPrivateKeyPem, generateKeyPair, verifyBytes } from '@comptoir/fiscal';
import { defaultServerKeyFile, loadServerKey } from './server-key';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-server-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server signing key', () => {
  it('is generated on first start in the data directory, readable by its owner only, and kept', () => {
    const dataDir = tempDir();
    const first = loadServerKey({ dataDir, serverSigningKeyFile: undefined });
    const file = defaultServerKeyFile(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadServerKey({ dataDir, serverSigningKeyFile: undefined });
    expect(again.publicKeyRaw).toBe(first.publicKeyRaw);
    const bytes = Buffer.from('comptoir');
    expect(verifyBytes(again.publicKey, bytes, first.sign(bytes))).toBe(true);
  });

  it('gives a new data directory a new key', () => {
    const a = loadServerKey({ dataDir: tempDir(), serverSigningKeyFile: undefined });
    const b = loadServerKey({ dataDir: tempDir(), serverSigningKeyFile: undefined });
    expect(a.publicKeyRaw).not.toBe(b.publicKeyRaw);
  });

  it('reads the configured file, and refuses to start without it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'server.pem');
    const pair = generateKeyPair();
    fs.writeFileSync(file, exportPrivateKeyPem(pair.privateKey), { mode: 0o600 });
    const key = loadServerKey({ dataDir: dir, serverSigningKeyFile: file });
    const bytes = Buffer.from('journal');
    expect(verifyBytes(pair.publicKey, bytes, key.sign(bytes))).toBe(true);
    expect(fs.existsSync(defaultServerKeyFile(dir))).toBe(false);

    expect(() =>
      loadServerKey({ dataDir: dir, serverSigningKeyFile: path.join(dir, 'missing.pem') }),
    ).toThrow(/ENOENT/);
  });
});
