import { describe, expect, it } from 'vitest';
import { formatCell } from './tableCells';
import { TableModel, foldText, matchesNumber, parseFilterNumber, type ModelColumn } from './tableFilters';

interface Line {
  id: number;
  product: string;
  /** cents */
  price: number | null;
}

const PRODUCTS = ['Café', 'Croque-monsieur', 'Crème brûlée', 'Eau gazeuse', 'Bière pression'];

function lines(count: number): Line[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    product: PRODUCTS[index % PRODUCTS.length] ?? '',
    price: index % 100 === 99 ? null : (index % 50) * 100 + 50,
  }));
}

function columns(counter = { reads: 0 }): ModelColumn<Line>[] {
  return [
    {
      id: 'product',
      filterType: 'text',
      text: (line) => {
        counter.reads += 1;
        return line.product;
      },
      number: () => null,
      sortKey: (line) => line.product,
    },
    {
      id: 'price',
      filterType: 'number',
      text: (line) => formatCell('amount', line.price),
      number: (line) => (line.price === null ? null : line.price / 100),
      sortKey: (line) => line.price,
    },
  ];
}

describe('table filters', () => {
  it('reads numbers typed either way, and nothing else', () => {
    expect(parseFilterNumber('1 234,50')).toBe(1234.5);
    expect(parseFilterNumber('1234.5')).toBe(1234.5);
    expect(parseFilterNumber(' -3 ')).toBe(-3);
    expect(parseFilterNumber('12 €')).toBe(12);
    expect(parseFilterNumber('-')).toBeNull();
    expect(parseFilterNumber('douze')).toBeNull();
  });

  it('compares greater than, less than and equal', () => {
    expect(matchesNumber(12.5, 'gt', 12)).toBe(true);
    expect(matchesNumber(12, 'gt', 12)).toBe(false);
    expect(matchesNumber(11.99, 'lt', 12)).toBe(true);
    expect(matchesNumber(0.1 + 0.2, 'eq', 0.3)).toBe(true);
    expect(matchesNumber(null, 'eq', 0)).toBe(false);
  });

  it('finds text whatever its case and accents', () => {
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
  });

  it('filters 10 000 rows by text, ignoring case, and by number, equal by default', () => {
    const model = new TableModel(lines(10_000), columns());
    const cafes = model.view({ product: { text: 'CAF', comparison: 'eq' } }, null);
    expect(cafes).toHaveLength(2_000);
    expect(cafes.every((line) => line.product === 'Café')).toBe(true);

    const atTwelveFifty = model.view({ price: { text: '12,50', comparison: 'eq' } }, null);
    // index % 50 === 12: 200 rows, none of them among the rows without a price.
    expect(atTwelveFifty).toHaveLength(200);
    expect(atTwelveFifty.every((line) => line.price === 1250)).toBe(true);

    const expensive = model.view({ price: { text: '40', comparison: 'gt' } }, null);
    expect(expensive.every((line) => line.price !== null && line.price > 4000)).toBe(true);
    // index % 50 from 40 to 49, less the 100 rows without a price (index % 100 === 99).
    expect(expensive).toHaveLength(10 * 200 - 100);

    const both = model.view(
      { product: { text: 'cr', comparison: 'eq' }, price: { text: '2', comparison: 'lt' } },
      null,
    );
    // Under 2 € are 0.50 (always a Café) and 1.50 (always a Croque-monsieur).
    expect(both).toHaveLength(200);
    expect(both.every((line) => line.product === 'Croque-monsieur' && line.price === 150)).toBe(true);
  });

  it('reads each cell once however many times the filter changes', () => {
    const counter = { reads: 0 };
    const model = new TableModel(lines(10_000), columns(counter));
    for (const text of ['b', 'bi', 'bie', 'bière']) model.view({ product: { text, comparison: 'eq' } }, null);
    expect(counter.reads).toBe(10_000);
  });

  it('keeps every row for an empty or half-typed filter', () => {
    const model = new TableModel(lines(30), columns());
    expect(model.view({ product: { text: '  ', comparison: 'eq' } }, null)).toHaveLength(30);
    expect(model.view({ price: { text: '-', comparison: 'gt' } }, null)).toHaveLength(30);
  });

  it('sorts numbers as numbers with empty cells last, text in French order, and keeps ties in order', () => {
    const model = new TableModel(lines(200), columns());
    const ascending = model.view({}, { columnId: 'price', direction: 'ascending' });
    expect(ascending[0]?.price).toBe(50);
    expect(ascending.at(-1)?.price).toBeNull();
    const descending = model.view({}, { columnId: 'price', direction: 'descending' });
    expect(descending[0]?.price).toBe(4950);
    expect(descending.at(-1)?.price).toBeNull();

    const byProduct = model.view({}, { columnId: 'product', direction: 'ascending' });
    expect([...new Set(byProduct.map((line) => line.product))]).toEqual([
      'Bière pression',
      'Café',
      'Crème brûlée',
      'Croque-monsieur',
      'Eau gazeuse',
    ]);
    const cafes = byProduct.filter((line) => line.product === 'Café').map((line) => line.id);
    expect(cafes).toEqual([...cafes].sort((a, b) => a - b));
  });
});
