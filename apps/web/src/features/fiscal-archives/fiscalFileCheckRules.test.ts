import { describe, expect, it } from 'vitest';
import {
  canCheckFiscalFile,
  checkVerdicts,
  isFiscalExportFile,
  isVerificationKeyFile,
} from './fiscalFileCheckRules';

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

describe('checkVerdicts', () => {
  const sound = { isIntact: true, isAuthentic: true, keyexisting: true, exportHistoryErrors: 0 };

  it('says hash good, integrity assured and authentic for a sound archive, nothing more', () => {
    expect(checkVerdicts(sound).map((v) => v.key)).toEqual([
      'fiscal.check.hashGood',
      'fiscal.check.integrityAssured',
      'fiscal.check.authentic',
    ]);
  });

  it('tells a modified file apart from a key that is not authentic', () => {
    expect(checkVerdicts({ ...sound, isIntact: false }).map((v) => v.key)).toEqual([
      'fiscal.check.hashBad',
      'fiscal.check.integrityNotAssured',
      'fiscal.check.authentic',
    ]);
    expect(checkVerdicts({ ...sound, isAuthentic: false }).map((v) => v.key)).toEqual([
      'fiscal.check.hashGood',
      'fiscal.check.integrityAssured',
      'fiscal.check.notAuthentic',
    ]);
  });

  it('adds the unknown archive and the history notice', () => {
    const verdicts = checkVerdicts({ ...sound, keyexisting: false, exportHistoryErrors: 2 });
    expect(verdicts.slice(3)).toEqual([
      { tone: 'error', key: 'fiscal.check.keyUnknown' },
      { tone: 'warning', key: 'fiscal.check.historyErrors' },
    ]);
  });
});
