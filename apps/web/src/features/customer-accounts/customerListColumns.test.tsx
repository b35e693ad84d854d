import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CustomerAccountListItem } from '@comptoir/contracts';
import { createTranslator } from './customer-accounts.i18n';
import { LanguageContext } from '../../i18n/LanguageContext';
import { DataTable } from '../../ui/DataTable';
import type { TableSort } from '../../ui/tableFilters';
import { customerListColumns } from './customerListColumns';
import { isAllSelected, selectAllIds } from './customerListRules';

function account(id: string, lastname: string, balance: number, uniq: number): CustomerAccountListItem {
  return {
    id,
    lastname,
    firstname: 'Léa',
    card_number: `C-${uniq}`,
    type: 0,
    search: lastname.toLowerCase(),
    companies: [{ id: 'c1', company_name: 'Crêperie du port', uniq_id_customer: uniq }],
    customer_infos: {
      details_email: null,
      details_phone: null,
      address: null,
      address_zipcode: null,
      address_city: null,
      note: null,
      is_company: 0,
      customer_company_name: null,
      customer_company_id: null,
      customer_company_vat: null,
    },
    account_details: {
      balance,
      visit: 3,
      order_average: 0,
      guest_average: 0,
      nb_guests: 0,
      turnover: 123450,
      discount: 0,
      offered: 0,
      total: 0,
    },
  };
}

// As the server sent them: the table must not reorder them itself.
const ACCOUNTS = [
  account('a', 'Moreau', 0, 3),
  account('b', 'Bernard', -1250, 1),
  account('c', 'Petit', 0, 2),
];
const { t } = createTranslator('fr');

function Harness({ isSuite, sorts }: { isSuite: boolean; sorts: TableSort[] }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [sort, setSort] = useState<TableSort | null>(null);
  const columns = customerListColumns(t, isSuite, ['turnover'], {
    selected,
    isAllSelected: isAllSelected(ACCOUNTS, selected),
    onToggle: (id) => setSelected((current) => (current.includes(id) ? [] : [...current, id])),
    onToggleAll: () => setSelected(isAllSelected(ACCOUNTS, selected) ? [] : selectAllIds(ACCOUNTS)),
  });
  return (
    <>
      <DataTable
        caption="Comptes clients"
        columns={columns}
        rows={ACCOUNTS}
        rowKey={(row) => row.id}
        serverSort={{
          sort,
          onSort: (next) => {
            sorts.push(next);
            setSort(next);
          },
        }}
      />
      <output>{selected.join(',')}</output>
    </>
  );
}

function renderList(isSuite: boolean) {
  const sorts: TableSort[] = [];
  render(
    <LanguageContext value="fr">
      <MemoryRouter>
        <Harness isSuite={isSuite} sorts={sorts} />
      </MemoryRouter>
    </LanguageContext>,
  );
  return { sorts, table: screen.getByRole('table', { name: 'Comptes clients' }), user: userEvent.setup() };
}

describe('the customer accounts table', () => {
  it('asks the server for ascending, then descending, and keeps the rows as delivered', async () => {
    const { sorts, table, user } = renderList(true);
    await user.click(within(table).getByRole('button', { name: 'Nom' }));
    await user.click(within(table).getByRole('button', { name: 'Nom' }));
    expect(sorts).toEqual([
      { columnId: 'lastname', direction: 'ascending' },
      { columnId: 'lastname', direction: 'descending' },
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Nom' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual(['Moreau', 'Bernard', 'Petit']);
  });

  it('links a row to its establishment, shows euros and the picked statistic', () => {
    const { table } = renderList(true);
    expect(within(table).getByRole('link', { name: 'Moreau' }).getAttribute('href')).toBe(
      '/customer-account/3?id=c1',
    );
    expect(within(table).getByRole('cell', { name: '-12.50 €' })).toBeDefined();
    expect(within(table).getAllByRole('cell', { name: '1 234.50 €' })).toHaveLength(3);
  });

  it('select-all ticks only the zero balances in the suite edition', async () => {
    const { table, user } = renderList(true);
    await user.click(within(table).getByRole('checkbox', { name: 'Sélectionner les comptes au solde nul' }));
    expect(screen.getByRole('status').textContent).toBe('a,c');
    expect(
      (within(table).getByRole('checkbox', { name: 'Sélectionner Bernard Léa' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('shows the card number and no selection in the standard edition', () => {
    const { table } = renderList(false);
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(table).getByRole('columnheader', { name: /N° de carte/ })).toBeDefined();
    expect(within(table).getByRole('cell', { name: 'C-3' })).toBeDefined();
  });
});
