import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FiscalFileCheckResult } from '@comptoir/contracts';
import { buildTestApp, createTestTenant, signInAs, type TestApp } from '../../test-helpers';
import { keyFileText } from './fiscal-archives.key';

const BOUNDARY = '----comptoir-stream-boundary';
const MB = 1024 * 1024;

/** A line as an archive holds them (register, kind, seq, version, time, signatures, data), about 200 bytes. */
function line(seq: number): string {
  const sig = crypto.createHash('sha256').update(String(seq)).digest('base64');
  return `6f1c2a4e-0000-4000-8000-000000000001;order;${seq};1;2026-03-05T12:00:00.000Z;${sig};${sig};{"total":1250,"lines":2}\n`;
}

/** `bytes` of archive text, produced chunk by chunk (never held whole). */
function* archiveChunks(bytes: number): Generator<Buffer> {
  let written = 0;
  let seq = 1;
  while (written < bytes) {
    let text = '';
    while (text.length < 64 * 1024) text += line(seq++);
    const chunk = Buffer.from(text).subarray(0, Math.min(64 * 1024, bytes - written));
    written += chunk.length;
    yield chunk;
  }
}

function sha256Of(bytes: number): string {
  const hash = crypto.createHash('sha256');
  for (const chunk of archiveChunks(bytes)) hash.update(chunk);
  return hash.digest('hex');
}

/** The multipart body of the check, the archive first and its key after it, as a stream. */
function uploadStream(bytes: number, key: string): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="myFile"; filename="archive.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      );
      yield* archiveChunks(bytes);
      yield Buffer.from(
        `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="myFile"; filename="archive.txt"\r\n` +
          `Content-Type: text/plain\r\n\r\n${key}\r\n--${BOUNDARY}--\r\n`,
      );
    })(),
    { objectMode: false },
  );
}

function signedKey(t: TestApp, fileSha256: string): string {
  return keyFileText(
    {
      fileSha256,
      companyId: crypto.randomUUID(),
      companyName: 'Brasserie du Port',
      kind: 'cashing',
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      exportDate: '2026-01-02T08:00:00.000Z',
      archiveSeq: 1,
      previousArchiveSha256: null,
      recordCount: 600_000,
      serverPublicKey: t.app.serverKey.publicKeyRaw,
      registers: [],
    },
    (bytes) => t.app.serverKey.sign(bytes),
  );
}

describe('the fiscal file check of a large archive', () => {
  let t: TestApp;
  let small: TestApp;
  let token: string;
  let smallToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    small = await buildTestApp({ fiscalFileMaxBytes: MB });
    const tenant = await createTestTenant(t);
    token = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
    const smallTenant = await createTestTenant(small);
    smallToken = (await signInAs(small, smallTenant.holderEmail, smallTenant.password)).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await small.close();
  });

  const post = (app: TestApp, callerToken: string, bytes: number, key: string) =>
    app.as(callerToken).post('/api/administration-fiscale/check-fiscal-file', uploadStream(bytes, key), {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });

  it('verifies a 120 MB archive as it streams in, with memory flat', async () => {
    const bytes = 120 * MB;
    const key = signedKey(t, sha256Of(bytes));
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    global.gc?.();
    const before = held();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, held())), 10);
    try {
      const res = await post(t, token, bytes, key);
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json<FiscalFileCheckResult>();
      expect(result).toMatchObject({ isIntact: true, isAuthentic: true, problems: [expect.any(String)] });
    } finally {
      clearInterval(sampler);
    }
    console.log(
      `fiscal file check of a 120 MB archive: memory grew by at most ${Math.round((peak - before) / MB)} MB`,
    );
    // Held whole, the archive alone would add 120 MB (twice with its copy).
    expect((peak - before) / MB).toBeLessThan(60);
  }, 180_000);

  it('tells an edited archive of the same size apart', async () => {
    const key = signedKey(
      t,
      sha256Of(2 * MB).replace(/^./, (c) => (c === '0' ? '1' : '0')),
    );
    const res = await post(t, token, 2 * MB, key);
    expect(res.json<FiscalFileCheckResult>()).toMatchObject({ isIntact: false, isAuthentic: true });
  }, 60_000);

  it('refuses an archive over the configured limit with 413 FILE_TOO_LARGE naming it', async () => {
    const atLimit = await post(small, smallToken, MB, signedKey(small, sha256Of(MB)));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const over = await post(small, smallToken, MB + 1, signedKey(small, sha256Of(MB + 1)));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'Fichier trop volumineux : au plus 1 Mo pour l’archive et 64 Ko pour la clé.',
    });
  }, 60_000);
});
