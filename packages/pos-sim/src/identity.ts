import crypto from 'node:crypto';
import { uuidFromName } from './random';

export type AccountKey = 'suite' | 'standard';
export type Activity = 'brasserie' | 'bar' | 'cafe' | 'creperie';

export interface DemoRegister {
  key: string;
  name: string;
  serial: string;
}

export interface DemoEstablishment {
  key: string;
  companyId: string;
  company_name: string;
  legal_name: string;
  siren: string;
  siret: string;
  vat_number: string;
  naf_code: string;
  address_street: string;
  address_zipcode: string;
  address_city: string;
  activity: Activity;
  registers: DemoRegister[];
}

export interface DemoAccount {
  key: AccountKey;
  accountId: string;
  name: string;
  edition: 'suite' | 'standard';
  establishments: DemoEstablishment[];
}

/** True when the digit string passes the Luhn check that SIREN and SIRET numbers use. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** The digit that makes `partial + digit` Luhn-valid. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(partial + d)) return String(d);
  throw new RangeError(`not a digit string: ${partial}`);
}

/** A SIREN (9 digits, Luhn-valid) from 8 leading digits. */
export function sirenFrom(leading8: string): string {
  return leading8 + luhnCheckDigit(leading8);
}

/** A SIRET: SIREN + 4-digit establishment number + the digit that makes all 14 Luhn-valid. */
export function siretFrom(siren: string, nic4: string): string {
  return siren + nic4 + luhnCheckDigit(siren + nic4);
}

/** French intra-community VAT number: FR + key (12 + 3 × (SIREN mod 97)) mod 97 + SIREN. */
export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

function digitsFromName(name: string, count: number): string {
  const digest = crypto.createHash('sha256').update(`comptoir/pos-sim/${name}`).digest();
  let out = '';
  for (let i = 0; out.length < count; i++) out += String((digest[i % digest.length] ?? 0) % 10);
  return out;
}

interface EstablishmentSeed {
  key: string;
  company_name: string;
  legal_name: string;
  naf_code: string;
  address_street: string;
  address_zipcode: string;
  address_city: string;
  activity: Activity;
  registers: [key: string, name: string][];
}

function establishment(seed: EstablishmentSeed, serialPrefix: string): DemoEstablishment {
  const siren = sirenFrom(`8${digitsFromName(`siren/${seed.key}`, 7)}`);
  return {
    key: seed.key,
    companyId: uuidFromName(`company/${seed.key}`),
    company_name: seed.company_name,
    legal_name: seed.legal_name,
    siren,
    siret: siretFrom(siren, '0001'),
    vat_number: frenchVatNumber(siren),
    naf_code: seed.naf_code,
    address_street: seed.address_street,
    address_zipcode: seed.address_zipcode,
    address_city: seed.address_city,
    activity: seed.activity,
    registers: seed.registers.map(([key, name], i) => ({
      key,
      name,
      serial: `${serialPrefix}-${String(i + 1).padStart(4, '0')}`,
    })),
  };
}

/** The two demo accounts with fixed ids: the same on every machine and every run. */
export function demoAccounts(): DemoAccount[] {
  return [
    {
      key: 'suite',
      accountId: uuidFromName('account/suite'),
      name: 'Groupe Dupont',
      edition: 'suite',
      establishments: [
        establishment(
          {
            key: 'brasserie',
            company_name: 'Brasserie des Célestins',
            legal_name: 'SAS Dupont Célestins',
            naf_code: '56.10A',
            address_street: '8 place des Célestins',
            address_zipcode: '69002',
            address_city: 'Lyon',
            activity: 'brasserie',
            registers: [
              ['brasserie-1', 'Caisse salle'],
              ['brasserie-2', 'Caisse bar'],
              ['brasserie-3', 'Caisse terrasse'],
            ],
          },
          'CPT-LYB',
        ),
        establishment(
          {
            key: 'bar',
            company_name: 'Le Comptoir des Pentes',
            legal_name: 'SARL Dupont Pentes',
            naf_code: '56.30Z',
            address_street: '21 montée de la Grande-Côte',
            address_zipcode: '69001',
            address_city: 'Lyon',
            activity: 'bar',
            registers: [
              ['bar-1', 'Caisse bar'],
              ['bar-2', 'Caisse salle'],
            ],
          },
          'CPT-LYP',
        ),
        establishment(
          {
            key: 'cafe',
            company_name: 'Café Saint-Paul',
            legal_name: 'SARL Café Saint-Paul',
            naf_code: '56.30Z',
            address_street: '4 place Saint-Paul',
            address_zipcode: '69005',
            address_city: 'Lyon',
            activity: 'cafe',
            registers: [['cafe-1', 'Caisse comptoir']],
          },
          'CPT-LYS',
        ),
      ],
    },
    {
      key: 'standard',
      accountId: uuidFromName('account/standard'),
      name: 'Crêperie Le Goff',
      edition: 'standard',
      establishments: [
        establishment(
          {
            key: 'creperie',
            company_name: 'Crêperie Ar Men',
            legal_name: 'EURL Le Goff',
            naf_code: '56.10A',
            address_street: '11 rue Saint-Georges',
            address_zipcode: '35000',
            address_city: 'Rennes',
            activity: 'creperie',
            registers: [['creperie-1', 'Caisse']],
          },
          'CPT-RNS',
        ),
      ],
    },
  ];
}
