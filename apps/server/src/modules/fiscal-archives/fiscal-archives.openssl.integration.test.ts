import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import type { FiscalArchiveAnswer } from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp, waitFor } from '../../test-helpers';

/**
 * Issue 18 part 2: an exported archive checked by a third party with standard tools only, as its
 * LISEZ-MOI-verification.txt says — `sha256sum`, `openssl pkeyutl -verify -rawin` and the shell, each
 * run as a separate process. Nothing of Comptoir's code builds the signed bytes or checks a signature
 * here: the record's bytes are rebuilt from the CSV by the layout the guide describes.
 */
const LAST = '2026-03-06';
const [suite] = demoAccounts();
const brasserieId = suite!.establishments[0]!.companyId;
const EMAIL = 'auditeur@cabinet-exemple.fr';

let t: TestApp;
let dir: string;
let keyText: string;
let csvText: string;
let guide: string;

const run = (file: string, args: string[], cwd = dir) =>
  execFileSync(file, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** True when the command exits 0 (openssl answers 1 to a signature that does not verify). */
function succeeds(file: string, args: string[]): boolean {
  try {
    run(file, args);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: LAST });
  const token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  const res = await t.as(token).get(`/api/administration-fiscale/${brasserieId}/`, {
    query: { startDate: '20260305', endDate: '20260306', email: EMAIL, kind: 'cashing' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { exportId } = res.json<FiscalArchiveAnswer>();
  const db = t.database.db;
  await waitFor(() =>
    db
      .selectFrom('exports')
      .select('status')
      .where('id', '=', exportId!)
      .where('status', 'in', ['done', 'failed'])
      .executeTakeFirst(),
  );
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', EMAIL)
    .executeTakeFirstOrThrow();
  // "Extract" the archive: download the three files its mail links to, as the recipient would.
  const links = [...mail.text.matchAll(/https?:\/\/\S+\/api\/administration-fiscale\/archives\/\S+/g)].map(
    (m) => new URL(m[0]),
  );
  const [csv, key, readme] = await Promise.all(
    links.map((link) => t.as(null).get(`${link.pathname}${link.search}`)),
  );
  expect([csv!.statusCode, key!.statusCode, readme!.statusCode]).toEqual([200, 200, 200]);
  expect(readme!.headers['content-disposition']).toContain('LISEZ-MOI-verification.txt');
  expect(mail.text).toContain('LISEZ-MOI-verification.txt');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-archive-openssl-'));
  fs.writeFileSync(path.join(dir, 'archive.csv'), csv!.rawPayload);
  fs.writeFileSync(path.join(dir, 'cle.txt'), key!.rawPayload);
  fs.writeFileSync(path.join(dir, 'LISEZ-MOI-verification.txt'), readme!.rawPayload);
  csvText = csv!.rawPayload.toString('utf8');
  keyText = key!.body;
  guide = readme!.body;
}, 120_000);

afterAll(async () => {
  await t.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The value of a `name=` line of a key file. */
const keyValue = (text: string, name: string) =>
  text
    .split('\n')
    .find((line) => line.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** `sha256sum`'s answer for a file of the folder. */
const sha256sum = (file: string) => run('sha256sum', [file]).split(' ')[0];

/** Step 2 of the guide, word for word: the server's PEM from the key, the signed lines, the signature. */
function verifyKeyWithOpenssl(keyFile: string): boolean {
  const script = [
    `{ echo '-----BEGIN PUBLIC KEY-----'; grep '^server_public_key=' ${keyFile} | cut -d= -f2-;`,
    `  echo '-----END PUBLIC KEY-----'; } > serveur.pem`,
    `head -n -1 ${keyFile} > cle-signee.bin`,
    `tail -n 1 ${keyFile} | cut -d= -f2- | base64 -d > cle-signature.bin`,
    'openssl pkeyutl -verify -rawin -pubin -inkey serveur.pem -sigfile cle-signature.bin -in cle-signee.bin',
  ].join('\n');
  return succeeds('bash', ['-euo', 'pipefail', '-c', script]);
}

interface CsvRecord {
  registerId: string;
  kind: string;
  seq: string;
  v: string;
  at: string;
  prevSig: string;
  sig: string;
  data: string;
}

function csvRecords(text: string): CsvRecord[] {
  return text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => {
      const cells = [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'));
      const [registerId, kind, seq, v, at, prevSig, sig, data] = cells as [string, ...string[]];
      return { registerId, kind, seq, v, at, prevSig, sig, data } as CsvRecord;
    });
}

/** The bytes a register signed, built from the CSV row by the layout of the guide's section 2. */
function signedBytes(record: CsvRecord): Buffer {
  const json = (value: string) => JSON.stringify(value);
  return Buffer.from(
    'comptoir/pos-record/v1\n' +
      `{"at":${json(record.at)},"data":${record.data},"kind":${json(record.kind)},` +
      `"prev":${record.prevSig ? json(record.prevSig) : 'null'},"register":${json(record.registerId)},` +
      `"seq":${record.seq},"v":1}`,
    'utf8',
  );
}

/** Step 3 of the guide: the register's PEM from its `register=` line, then openssl. */
function verifyRecordWithOpenssl(record: CsvRecord, name: string): boolean {
  const line = keyText.split('\n').find((l) => l.startsWith(`register=${record.registerId}|`));
  if (!line) return false;
  const pem = `-----BEGIN PUBLIC KEY-----\n${line.split('|')[4]}\n-----END PUBLIC KEY-----\n`;
  fs.writeFileSync(path.join(dir, `${name}.pem`), pem);
  fs.writeFileSync(path.join(dir, `${name}.bin`), signedBytes(record));
  fs.writeFileSync(path.join(dir, `${name}.sig`), Buffer.from(record.sig, 'base64'));
  return succeeds('openssl', [
    'pkeyutl',
    '-verify',
    '-rawin',
    '-pubin',
    '-inkey',
    `${name}.pem`,
    '-sigfile',
    `${name}.sig`,
    '-in',
    `${name}.bin`,
  ]);
}

/** A copy of `text` with one byte changed at `at` (a digit or letter swapped for another). */
function oneByteEdited(text: string, at: number): string {
  const c = text[at]!;
  const swapped = /[0-9]/.test(c) ? String((Number(c) + 1) % 10) : c === 'a' ? 'b' : 'a';
  return text.slice(0, at) + swapped + text.slice(at + 1);
}

describe('an archive checked with sha256sum and openssl, as its guide says', () => {
  it('ships the guide, which describes the key, the records and the recipe', () => {
    expect(guide).toContain('comptoir/fiscal-archive-key/v2');
    expect(guide).toContain('comptoir/pos-record/v1');
    expect(guide).toContain('openssl pkeyutl -verify -rawin -pubin');
    expect(keyText.startsWith('comptoir/fiscal-archive-key/v2\n')).toBe(true);
  });

  it('the CSV hash that sha256sum computes is the one in the key', () => {
    expect(sha256sum('archive.csv')).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256sum('archive.csv')).toBe(keyValue(keyText, 'file_sha256'));
  });

  it("the key's server signature verifies with the public key the key publishes", async () => {
    expect(verifyKeyWithOpenssl('cle.txt')).toBe(true);
    // ...and that key is the one the server signs with.
    expect(keyValue(keyText, 'server_public_key')).toBe(
      t.app.serverKey.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    );
  });

  it('publishes one key per register whose records the archive holds', () => {
    const registers = new Set(csvRecords(csvText).map((record) => record.registerId));
    const published = keyText.split('\n').filter((line) => line.startsWith('register='));
    expect(published).toHaveLength(registers.size);
    expect(keyValue(keyText, 'register_count')).toBe(String(registers.size));
    expect(new Set(published.map((line) => line.slice('register='.length).split('|')[0]))).toEqual(registers);
  });

  it("a sample of record signatures verify with their register's published key", () => {
    const records = csvRecords(csvText);
    expect(records.length).toBeGreaterThan(10);
    // The first and last of every register, and a few in between.
    const sample = new Map<string, CsvRecord>();
    for (const [i, record] of records.entries()) {
      const isEdge =
        records[i - 1]?.registerId !== record.registerId || records[i + 1]?.registerId !== record.registerId;
      if (isEdge || i % 37 === 0) sample.set(`${record.registerId}/${record.kind}/${record.seq}`, record);
    }
    expect(sample.size).toBeGreaterThan(3);
    for (const [i, record] of [...sample.values()].entries()) {
      expect(verifyRecordWithOpenssl(record, `record-${i}`), `${record.kind} ${record.seq}`).toBe(true);
    }
  });

  it('one edited byte fails each check', () => {
    // The archive: its hash no longer matches the key.
    const csvAt = csvText.indexOf('"data"') + 20;
    fs.writeFileSync(path.join(dir, 'archive-modifiee.csv'), oneByteEdited(csvText, csvAt));
    expect(sha256sum('archive-modifiee.csv')).not.toBe(keyValue(keyText, 'file_sha256'));

    // The key: one byte of its record count (signed) changed, the signature no longer verifies.
    const keyAt = keyText.indexOf('record_count=') + 'record_count='.length;
    fs.writeFileSync(path.join(dir, 'cle-modifiee.txt'), oneByteEdited(keyText, keyAt));
    expect(verifyKeyWithOpenssl('cle-modifiee.txt')).toBe(false);
    // ...nor when the published server key is someone else's (one byte of the key's body).
    const pubAt = keyText.indexOf('server_public_key=') + 'server_public_key='.length + 40;
    fs.writeFileSync(path.join(dir, 'cle-autre-serveur.txt'), oneByteEdited(keyText, pubAt));
    expect(verifyKeyWithOpenssl('cle-autre-serveur.txt')).toBe(false);

    // A record: one digit of its data changed, its register's signature no longer verifies.
    const record = csvRecords(csvText).find((r) => /[0-9]/.test(r.data))!;
    expect(verifyRecordWithOpenssl(record, 'record-intact')).toBe(true);
    const digit = record.data.search(/[0-9]/);
    expect(
      verifyRecordWithOpenssl({ ...record, data: oneByteEdited(record.data, digit) }, 'record-edited'),
    ).toBe(false);
  });

  const hasPythonCryptography = succeeds('python3', ['-c', 'import cryptography']);

  it.skipIf(!hasPythonCryptography)(
    "the guide's Python recipe accepts the archive and refuses an edited one",
    () => {
      const script = guide
        .split('\n')
        .slice(guide.split('\n').findIndex((line) => line.includes('import base64, csv, hashlib')))
        .filter((line, i, all) => i < all.findIndex((l) => l.startsWith('5. ')))
        .filter((line) => line.startsWith('  ') || line === '')
        .map((line) => line.slice(2))
        .join('\n');
      fs.writeFileSync(path.join(dir, 'verifier.py'), script);
      expect(run('python3', ['verifier.py', 'archive.csv', 'cle.txt'])).toContain(
        'archive intègre et authentique',
      );
      expect(succeeds('python3', ['verifier.py', 'archive-modifiee.csv', 'cle.txt'])).toBe(false);
    },
  );
});
