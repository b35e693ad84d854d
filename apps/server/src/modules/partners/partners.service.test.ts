import { describe, expect, it } from 'vitest';
import { PARTNER_MIN_APP_VERSION, isAppVersionAtLeast } from '@comptoir/contracts';
import { hashPartnerSecret, readPartnerCredential } from './partners.service';

describe('the canActivate version rule', () => {
  it('compares versions part by part, as numbers', () => {
    expect(isAppVersionAtLeast('4.2.0', PARTNER_MIN_APP_VERSION)).toBe(true);
    expect(isAppVersionAtLeast('4.2.13', '4.2.0')).toBe(true);
    expect(isAppVersionAtLeast('4.10.0', '4.2.0')).toBe(true);
    expect(isAppVersionAtLeast('5', '4.2.0')).toBe(true);
    expect(isAppVersionAtLeast('4.1.9', '4.2.0')).toBe(false);
    expect(isAppVersionAtLeast('3.99.99', '4.2.0')).toBe(false);
    expect(isAppVersionAtLeast('4.2', '4.2.0')).toBe(true);
  });
});

describe('partner credentials', () => {
  it('reads the key of its own scheme only, case-insensitively', () => {
    expect(readPartnerCredential('PartnerKey cpk_abc', 'PartnerKey')).toBe('cpk_abc');
    expect(readPartnerCredential('  partnerkey   cpk_abc ', 'PartnerKey')).toBe('cpk_abc');
    expect(readPartnerCredential('Bearer cpk_abc', 'PartnerKey')).toBeNull();
    expect(readPartnerCredential('PartnerKey', 'PartnerKey')).toBeNull();
    expect(readPartnerCredential('PartnerKey a b', 'PartnerKey')).toBeNull();
    expect(readPartnerCredential(undefined, 'PartnerToken')).toBeNull();
  });

  it('hashes with SHA-256 in hex', () => {
    expect(hashPartnerSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
