import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignatureCheckStatus } from '@comptoir/contracts';
import { defaultServerKeyFile, loadServerKey } from '../platform/server-key';
import { waitFor, type TestApp } from '../test-helpers';

/** The temporary directories a test file makes (data directories, keys, backups), removed together. */
export function tempDirs(prefix: string): { make(): string; removeAll(): void } {
  const dirs: string[] = [];
  return {
    make() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-${prefix}-`));
      dirs.push(dir);
      return dir;
    },
    removeAll() {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new signing key's file in `dir`: a deployment's key, to give its instances. */
export function newServerKeyFile(dir: string): string {
  loadServerKey({ dataDir: dir, serverSigningKeyFile: undefined });
  return defaultServerKeyFile(dir);
}

/** Runs the signature check of `day` through `app`, as the portal does, and waits for its end. */
export async function checkSignatures(
  app: TestApp,
  token: string,
  day: string,
): Promise<SignatureCheckStatus> {
  const started = await app
    .as(token)
    .post('/api/check/signatureServer', undefined, { query: { startDate: day, endDate: day } });
  if (started.statusCode !== 200)
    throw new Error(`signature check refused: ${started.statusCode} ${started.body}`);
  const { jobId } = started.json<{ jobId: number }>();
  return waitFor(async () => {
    const body = (await app.as(token).get(`/api/check/jobs/${jobId}`)).json<SignatureCheckStatus>();
    return body.status === 'done' || body.status === 'failed' ? body : null;
  }, 60_000);
}
