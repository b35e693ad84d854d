import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../i18n/LanguageContext';
import { DataTable, type DataTableColumn } from './DataTable';

interface Dish {
  name: string;
  category: string;
  sold: number;
}

const DISHES: Dish[] = [
  { name: 'Tarte tatin', category: 'Dessert', sold: 12 },
  { name: 'Soupe à l’oignon', category: 'Entrée', sold: 4 },
  { name: 'Steak frites', category: 'Plat', sold: 30 },
  { name: 'Crème brûlée', category: 'Dessert', sold: 9 },
  { name: 'Quiche lorraine', category: 'Plat', sold: 7 },
  { name: 'Salade niçoise', category: 'Entrée', sold: 15 },
  { name: 'Tarte au citron', category: 'Dessert', sold: 6 },
  { name: 'Bœuf bourguignon', category: 'Plat', sold: 21 },
  { name: 'Œufs mimosa', category: 'Entrée', sold: 3 },
  { name: 'Mousse au chocolat', category: 'Dessert', sold: 18 },
  { name: 'Croque-monsieur', category: 'Plat', sold: 11 },
  { name: 'Tarte fine aux pommes', category: 'Dessert', sold: 2 },
];

const COLUMNS: DataTableColumn<Dish>[] = [
  { id: 'name', header: 'Plat', value: (dish) => dish.name, isRowHeader: true },
  { id: 'category', header: 'Catégorie', value: (dish) => dish.category },
  { id: 'sold', header: 'Vendus', kind: 'integer', value: (dish) => dish.sold },
];

function renderTable(language: 'fr' | 'en' = 'fr') {
  return render(
    <LanguageContext value={language}>
      <DataTable
        caption="Ventes par plat"
        columns={COLUMNS}
        rows={DISHES}
        rowKey={(dish) => dish.name}
        isFilterable
        isSortable
      />
    </LanguageContext>,
  );
}

/** The dishes the table shows, top to bottom. */
function shownDishes(): string[] {
  return screen.queryAllByRole('rowheader').map((cell) => cell.textContent ?? '');
}

describe('DataTable', () => {
  let exportedFiles: { name: string; blob: Blob }[];

  beforeEach(() => {
    exportedFiles = [];
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:export-${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.at(-1);
      if (blob) exportedFiles.push({ name: this.download, blob });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the first ten rows under the caption and pages through the rest', async () => {
    const user = userEvent.setup();
    renderTable();

    expect(screen.getByRole('table', { name: 'Ventes par plat' })).toBeDefined();
    expect(shownDishes()).toEqual(DISHES.slice(0, 10).map((dish) => dish.name));
    expect(screen.getByText('Lignes 1 à 10 sur 12')).toBeDefined();
    expect(screen.getByText('Page 1 sur 2')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Page suivante' }));

    expect(shownDishes()).toEqual(['Croque-monsieur', 'Tarte fine aux pommes']);
    expect(screen.getByText('Lignes 11 à 12 sur 12')).toBeDefined();
    expect((screen.getByRole('button', { name: 'Page suivante' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sorts by a column header: ascending, descending, then as delivered', async () => {
    const user = userEvent.setup();
    renderTable();
    const soldHeader = screen.getByRole('columnheader', { name: /Vendus/ });

    await user.click(within(soldHeader).getByRole('button'));
    expect(soldHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(shownDishes().slice(0, 3)).toEqual(['Tarte fine aux pommes', 'Œufs mimosa', 'Soupe à l’oignon']);

    await user.click(within(soldHeader).getByRole('button'));
    expect(soldHeader.getAttribute('aria-sort')).toBe('descending');
    expect(shownDishes().slice(0, 3)).toEqual(['Steak frites', 'Bœuf bourguignon', 'Mousse au chocolat']);

    await user.click(within(soldHeader).getByRole('button'));
    expect(soldHeader.getAttribute('aria-sort')).toBe('none');
    expect(shownDishes()).toEqual(DISHES.slice(0, 10).map((dish) => dish.name));
  });

  it('filters on text and on a number comparison, and clears the filters', async () => {
    const user = userEvent.setup();
    renderTable();

    await user.type(screen.getByRole('searchbox', { name: 'Filtrer la colonne Plat' }), 'tarte');
    await waitFor(() =>
      expect(shownDishes()).toEqual(['Tarte tatin', 'Tarte au citron', 'Tarte fine aux pommes']),
    );
    expect(screen.getByText('Lignes 1 à 3 sur 3')).toBeDefined();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Comparaison, colonne Vendus' }), 'gt');
    await user.type(screen.getByRole('textbox', { name: 'Valeur à comparer, colonne Vendus' }), '5');
    await waitFor(() => expect(shownDishes()).toEqual(['Tarte tatin', 'Tarte au citron']));

    await user.type(screen.getByRole('searchbox', { name: 'Filtrer la colonne Catégorie' }), 'plat');
    await waitFor(() => expect(screen.getByText('Aucune ligne ne correspond aux filtres')).toBeDefined());

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(shownDishes()).toEqual(DISHES.slice(0, 10).map((dish) => dish.name)));
  });

  it('exports every filtered row in the order shown, not just the page, to a CSV file', async () => {
    const user = userEvent.setup();
    renderTable();

    await user.type(screen.getByRole('searchbox', { name: 'Filtrer la colonne Catégorie' }), 'dessert');
    await waitFor(() => expect(shownDishes()).toHaveLength(5));
    await user.click(within(screen.getByRole('columnheader', { name: /Vendus/ })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Extraire le tableau' }));

    expect(exportedFiles.map((file) => file.name)).toEqual(['ventes-par-plat.csv']);
    const text = (await exportedFiles[0]?.blob.text()) ?? '';
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Plat;Catégorie;Vendus',
      'Tarte fine aux pommes;Dessert;2',
      'Tarte au citron;Dessert;6',
      'Crème brûlée;Dessert;9',
      'Tarte tatin;Dessert;12',
      'Mousse au chocolat;Dessert;18',
      '',
    ]);
  });

  it('writes its own texts in the interface language', () => {
    renderTable('en');

    expect(screen.getByRole('button', { name: 'Export the table' })).toBeDefined();
    expect(screen.getByText('Rows 1 to 10 of 12')).toBeDefined();
    expect(screen.getByRole('searchbox', { name: 'Filter the Plat column' })).toBeDefined();
  });
});
