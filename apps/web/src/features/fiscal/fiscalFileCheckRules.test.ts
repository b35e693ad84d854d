import { describe, expect, it } from 'vitest';
import { canCheckFiscalFile, isFiscalExportFile, isVerificationKeyFile } from './fiscalFileCheckRules';

const csv = { name: 'export-fiscal-20250316-20260315.csv', type: 'text/csv' };
const key = { name: 'cle-verification.txt', type: 'text/plain' };

describe('fiscal file check', () => {
  it('is possible only with both a .csv file and a .txt key', () => {
    expect(canCheckFiscalFile(csv, key)).toBe(true);
    expect(canCheckFiscalFile(csv, null)).toBe(false);
    expect(canCheckFiscalFile(null, key)).toBe(false);
    expect(canCheckFiscalFile(null, null)).toBe(false);
  });

  it('takes a .csv file whatever type the system gives it', () => {
    expect(isFiscalExportFile({ name: 'EXPORT.CSV', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isFiscalExportFile({ name: 'export.xlsx', type: 'text/csv' })).toBe(false);
  });

  it('wants the key as a plain text .txt file', () => {
    expect(isVerificationKeyFile({ name: 'cle.TXT', type: 'text/plain' })).toBe(true);
    expect(isVerificationKeyFile({ name: 'cle.txt', type: 'application/octet-stream' })).toBe(false);
    expect(isVerificationKeyFile({ name: 'cle.pdf', type: 'text/plain' })).toBe(false);
  });

  it('refuses the files swapped', () => {
    expect(canCheckFiscalFile(key, csv)).toBe(false);
  });
});
