import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { signedLink } from './signed-link';
import { getJwtSecret } from './tokens';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-signed-link-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const config = { ...loadConfig({}), dataDir: tmp, jwtSecret: 'x'.repeat(40) };
getJwtSecret(config);

const WEEK = 7 * 24 * 3600;
const issuedAt = new Date('2026-01-01T00:00:00Z');
const exportId = 'e0c4b1d2-0000-4000-8000-000000000001';

// Signatures of links mailed before the kit existed: they must keep verifying.
describe('signedLink keeps the format of the links already sent', () => {
  it.each([
    [
      'comptoir/sales-lines-link/v1',
      [exportId],
      '2283f51a19161ed9f448563d127fb379bff0aa2e35151f668b1da70b2a7c48c4',
    ],
    [
      'comptoir/accounting-export-link/v1',
      [exportId, 'description'],
      '821b57419a82bc639a7ab06884f8bae329fb9fc95ed4a9fd36d9f04d67ceefc8',
    ],
    [
      'comptoir/archive-link/v1',
      [exportId, 'guide'],
      'f80747f8ad5d644a107db32b946af4f19928cf7ce69acb86d948114bb96b40ea',
    ],
  ])('signs a %s link as before, expiring a week after it is issued', (label, fields, signature) => {
    const links = signedLink(label, WEEK);
    expect(links.sign(config, fields, issuedAt)).toEqual({ stamp: 1767830400, signature });
    expect(links.verify(config, fields, { stamp: 1767830400, signature }, issuedAt)).toBe('valid');
  });

  it('signs a fiscal PDF link over its issue time, second of its fields', () => {
    const links = signedLink('comptoir/pdf-link/v2', 15 * 60, { kind: 'issued', at: 1, driftSeconds: 60 });
    const fields = [
      'comptoir_e0c4b1d2000040008000000000000001',
      'u1',
      'action=z&closure_id=c1&service_id=&cash_register_id=&order_id=&receipt_id=&start=&end=',
    ];
    expect(links.sign(config, fields, issuedAt)).toEqual({
      stamp: 1767225600,
      signature: '77ea6ceaa9b685c4c401a7c4194637d6ab9e64668783ce16b3bbead178d754a6',
    });
  });
});

describe('signedLink.verify', () => {
  const links = signedLink('comptoir/sales-lines-link/v1', WEEK);
  const link = links.sign(config, [exportId], issuedAt);
  const at = (seconds: number) => new Date(seconds * 1000);

  it('refuses another document, another kind of link and a forged signature', () => {
    expect(links.verify(config, ['e0c4b1d2-0000-4000-8000-000000000002'], link, issuedAt)).toBe('invalid');
    expect(signedLink('comptoir/archive-link/v1', WEEK).verify(config, [exportId], link, issuedAt)).toBe(
      'invalid',
    );
    expect(links.verify(config, [exportId], { ...link, signature: '0'.repeat(64) }, issuedAt)).toBe(
      'invalid',
    );
    expect(links.verify(config, [exportId], { ...link, stamp: link.stamp + 1 }, issuedAt)).toBe('invalid');
  });

  it('says a mailed link is expired after its expiry second, not at it', () => {
    expect(links.verify(config, [exportId], link, at(link.stamp))).toBe('valid');
    expect(links.verify(config, [exportId], link, at(link.stamp + 1))).toBe('expired');
  });

  it('says an issued link is expired past its lifetime or more than the drift ahead of the clock', () => {
    const pdf = signedLink('comptoir/pdf-link/v2', 900, { kind: 'issued', at: 1, driftSeconds: 60 });
    const issued = pdf.sign(config, ['db', 'u1', 'doc'], issuedAt);
    const verify = (now: Date) => pdf.verify(config, ['db', 'u1', 'doc'], issued, now);
    expect(verify(at(issued.stamp + 900))).toBe('valid');
    expect(verify(at(issued.stamp + 901))).toBe('expired');
    expect(verify(at(issued.stamp - 60))).toBe('valid');
    expect(verify(at(issued.stamp - 61))).toBe('expired');
  });
});
