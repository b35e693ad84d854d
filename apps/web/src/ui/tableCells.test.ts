import { describe, expect, it } from 'vitest';
import { csvCell, formatCell, formatDecimal } from './tableCells';

describe('table cells', () => {
  it('shows amounts as the spec writes them and exports them with a bare dot', () => {
    expect(formatCell('money', 123450)).toBe('1 234.50 €');
    expect(csvCell('money', 123450)).toBe('1234.50');
    expect(csvCell('money', -50)).toBe('-0.50');
  });

  it('shows counts with a space between thousands and exports them bare', () => {
    expect(formatCell('integer', 12345)).toBe('12 345');
    expect(csvCell('integer', 12345)).toBe(12345);
  });

  it('shows decimals and percentages with one decimal and a dot', () => {
    expect(formatDecimal(1234.56)).toBe('1 234.6');
    expect(formatDecimal(-0.04)).toBe('0.0');
    expect(formatCell('percent', 12.345)).toBe('12.3 %');
    expect(csvCell('percent', 12.345)).toBe(12.3);
  });

  it('leaves text alone', () => {
    expect(formatCell('money', 'Espèces')).toBe('Espèces');
    expect(csvCell('text', 'Espèces')).toBe('Espèces');
  });
});
