import { describe, expect, it } from 'vitest';
import {
  cellNumber,
  csvCell,
  formatAmount,
  formatCell,
  formatDecimal,
  formatTaxRate,
  isNumericKind,
} from './tableCells';

const actionLabel = (action: string) =>
  ({ create: 'Création', update: 'Mise à jour', delete: 'Suppression' })[action];

describe('table cells', () => {
  it('shows amounts as the spec writes them and exports them with a bare dot', () => {
    expect(formatCell('money', 123450)).toBe('1 234.50 €');
    expect(csvCell('money', 123450)).toBe('1234.50');
    expect(csvCell('money', -50)).toBe('-0.50');
  });

  it('shows fiscal amounts with two decimals, a space between thousands, a dot and no currency', () => {
    expect(formatCell('amount', 123450)).toBe('1 234.50');
    expect(formatCell('amount', 123456789)).toBe('1 234 567.89');
    expect(formatAmount(-5)).toBe('-0.05');
    expect(formatCell('amount', 0)).toBe('0.00');
    expect(csvCell('amount', 123450)).toBe('1234.50');
  });

  it('shows a tax rate as the rate times 100 percent', () => {
    expect(formatTaxRate(0.055)).toBe('5.5 %');
    expect(formatCell('taxRate', 0.2)).toBe('20 %');
    expect(formatCell('taxRate', 0.021)).toBe('2.1 %');
    expect(csvCell('taxRate', 0.055)).toBe(5.5);
    expect(cellNumber('taxRate', 0.1)).toBe(10);
  });

  it("shows spec 3's date-times as DD/MM/YYYY HH:mm in Paris time", () => {
    expect(formatCell('reportDateTime', '2026-01-05T08:04:09Z')).toBe('05/01/2026 09:04');
    expect(formatCell('reportDateTime', Date.UTC(2026, 10, 28, 12, 26, 11))).toBe('28/11/2026 13:26');
    expect(csvCell('reportDateTime', '2026-07-14T21:30:00.000Z')).toBe('14/07/2026 23:30');
    expect(formatCell('reportDateTime', 'pas une date')).toBe('pas une date');
  });

  it('shows dates as DD-MM-YYYY H:mm:ss in Paris time', () => {
    expect(formatCell('dateTime', '2026-01-05T08:04:09Z')).toBe('05-01-2026 9:04:09');
    expect(formatCell('dateTime', '2026-07-14T21:30:00.000Z')).toBe('14-07-2026 23:30:00');
    expect(csvCell('dateTime', Date.UTC(2026, 6, 14, 21, 30))).toBe('14-07-2026 23:30:00');
    expect(formatCell('dateTime', 'pas une date')).toBe('pas une date');
    expect(formatCell('day', '2026-03-01')).toBe('01-03-2026');
    expect(csvCell('day', '2026-03-01')).toBe('01-03-2026');
  });

  it('shows history actions as Création, Mise à jour and Suppression, in the CSV too', () => {
    expect(formatCell('action', 'create', actionLabel)).toBe('Création');
    expect(formatCell('action', 'update', actionLabel)).toBe('Mise à jour');
    expect(csvCell('action', 'delete', actionLabel)).toBe('Suppression');
    expect(formatCell('action', 'archive', actionLabel)).toBe('archive');
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

  it('leaves text alone and shows a missing value as an empty cell', () => {
    expect(formatCell('money', 'Espèces')).toBe('Espèces');
    expect(csvCell('text', 'Espèces')).toBe('Espèces');
    expect(formatCell('amount', null)).toBe('');
    expect(formatCell('dateTime', undefined)).toBe('');
    expect(csvCell('amount', null)).toBe('');
  });

  it('compares numbers as the reader sees them: euros for cents', () => {
    expect(cellNumber('amount', 1250)).toBe(12.5);
    expect(cellNumber('integer', 7)).toBe(7);
    expect(cellNumber('amount', null)).toBeNull();
    expect(isNumericKind('amount')).toBe(true);
    expect(isNumericKind('dateTime')).toBe(false);
  });
});
