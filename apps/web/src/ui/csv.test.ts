import { describe, expect, it } from 'vitest';
import { csvAmount, csvField, csvFileName, toCsv } from './csv';

describe('CSV export ("Extraire le tableau")', () => {
  it('writes amounts with a dot, two decimals and no thousands separator', () => {
    expect(csvAmount(123450)).toBe('1234.50');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(-1230)).toBe('-12.30');
    expect(csvAmount(123456789)).toBe('1234567.89');
  });

  it('separates fields with a semicolon, lines with CRLF, and starts with a byte-order mark', () => {
    const text = toCsv(
      ['Catégorie', 'CA TTC'],
      [
        ['Boissons', csvAmount(123450)],
        ['Plats', '98.00'],
      ],
    );
    expect(text).toBe('\uFEFFCatégorie;CA TTC\r\nBoissons;1234.50\r\nPlats;98.00\r\n');
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('quotes a field holding a semicolon, a quote or a line break', () => {
    expect(csvField('Café; bar')).toBe('"Café; bar"');
    expect(csvField('Le "Zinc"')).toBe('"Le ""Zinc"""');
    expect(csvField('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvField('Brasserie')).toBe('Brasserie');
  });

  it('writes empty cells for missing values and plain numbers as they are', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('keeps a spreadsheet from running a text cell as a formula', () => {
    expect(csvField('=SUM(A1:A3)')).toBe("'=SUM(A1:A3)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvField('-12.30')).toBe('-12.30');
  });

  it('writes a product named like a formula as text, and a negative amount as a number', () => {
    const text = toCsv(
      ['Produit', 'CA TTC'],
      [['=HYPERLINK("http://evil.example","Bière")', csvAmount(-1230)]],
    );
    expect(text).toBe('\uFEFFProduit;CA TTC\r\n"\'=HYPERLINK(""http://evil.example"",""Bière"")";-12.30\r\n');
  });

  it("names the file after the table's title", () => {
    expect(csvFileName('Détail des services')).toBe('detail-des-services.csv');
    expect(csvFileName('Ventes par catégorie 2026-05-01 2026-05-31')).toBe(
      'ventes-par-categorie-2026-05-01-2026-05-31.csv',
    );
    expect(csvFileName('« »')).toBe('tableau.csv');
  });
});
