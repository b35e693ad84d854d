import { describe, expect, it } from 'vitest';
import { catalogRequest } from '@comptoir/contracts';
import { establishmentCatalog } from './catalog';
import { demoAccounts, frenchVatNumber, isLuhnValid, sirenFrom, siretFrom } from './identity';
import { menuFor, vatRateFor } from './menus';
import { registerKeyPair, registerKeySeed } from './register';
import { rawPublicKey } from '@comptoir/fiscal';

describe('demo accounts', () => {
  it('have the same ids on every call', () => {
    expect(demoAccounts()).toEqual(demoAccounts());
    const ids = demoAccounts().flatMap((a) => [a.accountId, ...a.establishments.map((e) => e.companyId)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('are a suite group of three Lyon establishments and a standard crêperie with one register', () => {
    const [suite, standard] = demoAccounts();
    expect(suite).toMatchObject({ key: 'suite', edition: 'suite', name: 'Groupe Dupont' });
    expect(suite?.establishments.map((e) => e.activity)).toEqual(['brasserie', 'bar', 'cafe']);
    expect(suite?.establishments[0]?.registers).toHaveLength(3);
    expect(standard?.establishments.map((e) => [e.activity, e.registers.length])).toEqual([['creperie', 1]]);
  });

  it('carry Luhn-valid SIREN and SIRET numbers and the VAT number computed from the SIREN', () => {
    for (const e of demoAccounts().flatMap((a) => a.establishments)) {
      expect(e.siren).toMatch(/^\d{9}$/);
      expect(isLuhnValid(e.siren)).toBe(true);
      expect(e.siret.startsWith(e.siren)).toBe(true);
      expect(isLuhnValid(e.siret)).toBe(true);
      expect(e.vat_number).toBe(frenchVatNumber(e.siren));
    }
  });
});

describe('French company numbers', () => {
  it('computes the VAT key of a known SIREN', () => {
    expect(frenchVatNumber('404833048')).toBe('FR83404833048');
  });

  it('completes SIREN and SIRET with their Luhn digit', () => {
    expect(sirenFrom('73282932')).toBe('732829320');
    expect(siretFrom('732829320', '0007')).toBe('73282932000074');
    expect(isLuhnValid('732829321')).toBe(false);
  });
});

describe('menus and catalogues', () => {
  it('list 60 to 120 products per establishment, accepted by the catalogue contract', () => {
    for (const e of demoAccounts().flatMap((a) => a.establishments)) {
      const catalog = establishmentCatalog(e);
      expect(() => catalogRequest.parse(catalog.request)).not.toThrow();
      expect(catalog.request.products.length).toBeGreaterThanOrEqual(60);
      expect(catalog.request.products.length).toBeLessThanOrEqual(120);
      expect(new Set(catalog.request.products.map((p) => p.id)).size).toBe(catalog.request.products.length);
      expect(catalog.request.staff.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('tax alcohol at 20 %, food on site at 10 % and sealed drinks or pastries to take away at 5.5 %', () => {
    expect(vatRateFor('alcohol', 1)).toBe(2000);
    expect(vatRateFor('alcohol', 2)).toBe(2000);
    expect(vatRateFor('food', 2)).toBe(1000);
    expect(vatRateFor('hot', 2)).toBe(1000);
    expect(vatRateFor('soft', 1)).toBe(1000);
    expect(vatRateFor('soft', 2)).toBe(550);
    expect(vatRateFor('bakery', 3)).toBe(550);
    const wines = menuFor('brasserie').categories.find((c) => c.key === 'wines');
    expect(wines?.vat).toBe('alcohol');
  });
});

describe('register keys', () => {
  it('derive each register’s Ed25519 key from the seed and the register key', () => {
    expect(registerKeySeed(1, 'bar-1')).toHaveLength(32);
    expect(registerKeySeed(1, 'bar-1')).toEqual(registerKeySeed(1, 'bar-1'));
    expect(registerKeySeed(1, 'bar-1')).not.toEqual(registerKeySeed(2, 'bar-1'));
    expect(rawPublicKey(registerKeyPair(1, 'bar-1').publicKey)).not.toBe(
      rawPublicKey(registerKeyPair(1, 'bar-2').publicKey),
    );
  });
});
