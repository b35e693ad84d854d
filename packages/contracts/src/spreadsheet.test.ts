import { describe, expect, it } from 'vitest';
import { neutraliseSpreadsheetCell } from './spreadsheet';

describe('neutraliseSpreadsheetCell', () => {
  it('prefixes a single quote to text a spreadsheet would run as a formula', () => {
    expect(neutraliseSpreadsheetCell('=HYPERLINK("http://evil.example","Bière")')).toBe(
      '\'=HYPERLINK("http://evil.example","Bière")',
    );
    expect(neutraliseSpreadsheetCell('+33 6 12 34 56 78')).toBe("'+33 6 12 34 56 78");
    expect(neutraliseSpreadsheetCell("-1+cmd|' /C calc'!A0")).toBe("'-1+cmd|' /C calc'!A0");
    expect(neutraliseSpreadsheetCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(neutraliseSpreadsheetCell('\t=1+1')).toBe("'\t=1+1");
    expect(neutraliseSpreadsheetCell('\r=1+1')).toBe("'\r=1+1");
  });

  it('keeps numbers written as text numeric', () => {
    for (const number of ['-12.50', '-3', '+3', '-0,5', '-.5', '1e-3', '-2E+4', '1234.50']) {
      expect(neutraliseSpreadsheetCell(number)).toBe(number);
    }
  });

  it('leaves other text as it is, a formula character further in included', () => {
    for (const text of [
      'Café du Port',
      '',
      'Plat = 12 €',
      'a-b',
      "'=déjà neutralisé",
      ' =1+1',
      '01-03-2024 12:00:00',
    ]) {
      expect(neutraliseSpreadsheetCell(text)).toBe(text);
    }
  });

  it('refuses what only looks numeric', () => {
    expect(neutraliseSpreadsheetCell('-1-1')).toBe("'-1-1");
    expect(neutraliseSpreadsheetCell('-12.50 €')).toBe("'-12.50 €");
    expect(neutraliseSpreadsheetCell('+')).toBe("'+");
    expect(neutraliseSpreadsheetCell('-')).toBe("'-");
  });
});
