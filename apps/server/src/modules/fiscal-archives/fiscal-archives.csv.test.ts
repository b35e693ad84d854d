import { describe, expect, it } from 'vitest';
import { canonicalize } from '@comptoir/fiscal';
import { csvRow } from './fiscal-archives.csv';

describe('the fiscal archive row', () => {
  it('keeps the signed data byte-exact, a product named like a formula inside its JSON', () => {
    const data = canonicalize({
      lines: [{ productName: '=HYPERLINK("http://evil.example","Bière")', price: -1850 }],
    });
    const row = csvRow({
      register_id: '0d3c2b1a-9f8e-4d7c-b6a5-4f3e2d1c0b9a',
      kind: 'order',
      seq: 7,
      v: 1,
      at: new Date('2026-03-13T12:30:00.000Z'),
      prev_sig: '+Ab/cd==',
      sig: 'Zm9v',
      data,
    });
    const fields = row.trimEnd().split(';');
    expect(fields.at(-1)).toBe(`"${data.replaceAll('"', '""')}"`);
    expect(data.startsWith('{')).toBe(true);
    expect(fields[5]).toBe('"+Ab/cd=="');
  });
});
