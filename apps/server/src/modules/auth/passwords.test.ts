import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt$N$r$p$salt$hash and checks the right password only', async () => {
    const stored = await hashPassword('Vin-Rouge-1975');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('Vin-Rouge-1975', stored)).toBe(true);
    expect(await verifyPassword('vin-rouge-1975', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Vin-Rouge-1975')).not.toBe(await hashPassword('Vin-Rouge-1975'));
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$33554432$8$1$AAAA$AAAA')).toBe(false);
  });
});
