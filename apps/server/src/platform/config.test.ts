import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('trusts every peer for 1 or true', () => {
    expect(parseTrustProxy('1')).toBe(true);
    expect(parseTrustProxy('TRUE')).toBe(true);
  });

  it('accepts addresses, CIDRs and range names, comma-separated', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a hop count, which Fastify would silently ignore', () => {
    expect(() => parseTrustProxy('2')).toThrow(/hop counts are not supported/);
  });

  it('refuses what is not an address', () => {
    expect(() => parseTrustProxy('proxy.local')).toThrow(/"proxy.local" is not an address/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10.0.0.0\/33/);
    expect(() => parseTrustProxy('10.0.0.1,')).toThrow(/TRUST_PROXY/);
  });
});
