import { csvAmount, type CsvValue } from './csv';
import { formatMoney } from './money';
import { formatInteger, groupThousands } from './numbers';

/** How a table column shows its values and writes them to CSV. Money is in cents. */
export type ColumnKind = 'text' | 'money' | 'integer' | 'decimal' | 'percent';

/** One decimal, dot separator, spaces between thousands: 1234.56 -> `1 234.6`. */
export function formatDecimal(value: number, digits = 1): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(digits).split('.');
  const sign = value < 0 && Number(Math.abs(value).toFixed(digits)) !== 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

export function formatCell(kind: ColumnKind, value: string | number): string {
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return formatMoney(value);
    case 'integer':
      return formatInteger(value);
    case 'decimal':
      return formatDecimal(value);
    case 'percent':
      return `${formatDecimal(value)} %`;
    case 'text':
      return String(value);
  }
}

/** CSV keeps numbers bare so that a spreadsheet reads them as numbers: `1234.50`, `12.5`. */
export function csvCell(kind: ColumnKind, value: string | number): CsvValue {
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return csvAmount(value);
    case 'decimal':
    case 'percent':
      return Number(value.toFixed(1));
    case 'integer':
    case 'text':
      return value;
  }
}
