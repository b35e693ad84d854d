import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import { fiscalPdfUrl, pdfDataUrl, type PdfData, type PdfTarget } from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { loadConfig } from '../../platform/config';
import { buildDemoTestApp, signInAs, type TestApp } from '../../test-helpers';

/** The software's identity on the fiscal PDFs, read back with poppler's pdftotext over two demo days. */
const LAST = '2026-03-01';
const REFERENCE = 'NF525 n° 0042 (essai)';
const [suite] = demoAccounts();

let t: TestApp;
let holderToken: string;
let tmp: string;
let version: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: LAST }, { certificateReference: REFERENCE });
  holderToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'comptoir-identity-'));
  const manifest = new URL('../../../package.json', import.meta.url);
  version = (JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string }).version;
});
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const db = () => t.database.db;

/** The PDF's text as pdftotext lays it out, each line trimmed, no-break spaces made plain. */
async function fetchPdfLines(target: PdfTarget): Promise<string[]> {
  const data = await t.as(holderToken).get(pdfDataUrl(target));
  const res = await t.as(null).get(fiscalPdfUrl(data.json<PdfData>(), target));
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const file = path.join(tmp, `${Date.now()}-${Math.random()}.pdf`);
  await fs.writeFile(file, res.rawPayload);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  return stdout
    .replace(/[\u00a0\u202f]/g, ' ')
    .split('\n')
    .map((line) => line.trim());
}

/** The identity line, right after the signature's lines (a signature may wrap over two). */
function expectIdentityBesideSignature(lines: string[], signature: string) {
  const identity = `Logiciel : Comptoir ${version} — Certificat : ${REFERENCE}`;
  const at = lines.indexOf(identity);
  expect(at, lines.join('\n')).toBeGreaterThan(0);
  const before = lines.slice(Math.max(0, at - 3), at).join('');
  expect(before).toContain(signature.slice(-20));
}

describe('the software’s name, version and certificate beside the signature', () => {
  it('on a Z report', async () => {
    const closure = await db()
      .selectFrom('closures as c')
      .innerJoin('pos_records as pr', (join) =>
        join
          .onRef('pr.register_id', '=', 'c.register_id')
          .onRef('pr.seq', '=', 'c.seq')
          .on('pr.kind', '=', 'closure'),
      )
      .select(['c.id', 'pr.sig'])
      .where('c.account_id', '=', suite!.accountId)
      .where('c.type', '=', 1)
      .where('c.end_day', '=', LAST)
      .executeTakeFirstOrThrow();
    expectIdentityBesideSignature(await fetchPdfLines({ action: 'z', closureId: closure.id }), closure.sig);
  });

  it('on a ticket', async () => {
    const order = await db()
      .selectFrom('orders')
      .select(['id', 'sig'])
      .where('account_id', '=', suite!.accountId)
      .where('business_day', '=', LAST)
      .orderBy('closing_date')
      .executeTakeFirstOrThrow();
    expectIdentityBesideSignature(await fetchPdfLines({ action: 'ticket', orderId: order.id }), order.sig);
  });

  it('on a receipt, with the register’s signature of the print', async () => {
    const receipt = await db()
      .selectFrom('receipts as rc')
      .innerJoin('pos_records as pr', (join) =>
        join
          .onRef('pr.register_id', '=', 'rc.register_id')
          .onRef('pr.seq', '=', 'rc.seq')
          .on('pr.kind', '=', 'receipt'),
      )
      .select(['rc.id', 'pr.sig'])
      .where('rc.account_id', '=', suite!.accountId)
      .orderBy('rc.printed_at')
      .executeTakeFirstOrThrow();
    const lines = await fetchPdfLines({ action: 'receipt', receiptId: receipt.id });
    expect(lines.join('')).toContain('Signature de l’impression :');
    expectIdentityBesideSignature(lines, receipt.sig);
  });
});

describe('CERTIFICATE_REFERENCE', () => {
  it('defaults to the certification under way, and is read from the environment', () => {
    expect(loadConfig({}).certificateReference).toBe('en cours de certification (NF525)');
    expect(loadConfig({ CERTIFICATE_REFERENCE: ' NF525 n° 12 ' }).certificateReference).toBe('NF525 n° 12');
  });
});
