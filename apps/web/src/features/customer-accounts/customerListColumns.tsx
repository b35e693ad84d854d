import { Link } from 'react-router';
import { formatPhone, type CustomerAccountListItem } from '@comptoir/contracts';
import type { Translator } from './customer-accounts.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { customerAccountLink, establishmentLabel, type CustomerStatColumn } from './customerListRules';

type Column = DataTableColumn<CustomerAccountListItem>;

export interface CustomerListSelection {
  selected: readonly string[];
  isAllSelected: boolean;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
}

function fullName(account: CustomerAccountListItem): string {
  return `${account.lastname} ${account.firstname}`.trim();
}

function address(account: CustomerAccountListItem): string {
  const { address: street, address_zipcode, address_city } = account.customer_infos;
  return [street, [address_zipcode, address_city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * Spec 3 §2: the card number in the standard edition only, names (linking to the detail), then — so
 * that the balance is in view without scrolling at 1440 px with the drawer open (issue 31, item 10) —
 * the balance and the establishment ('Tous' for several), then e-mail, phone, address, SIREN and the
 * picked statistics; the suite edition starts with the selection boxes. Column ids are the server's
 * sort keys.
 */
export function customerListColumns(
  t: Translator['t'],
  isSuite: boolean,
  statColumns: readonly CustomerStatColumn[],
  selection: CustomerListSelection,
): Column[] {
  const nameLink = (account: CustomerAccountListItem, text: string) => {
    const link = customerAccountLink(account);
    return link ? <Link to={link}>{text}</Link> : text;
  };
  const columns: Column[] = [];
  if (isSuite) {
    columns.push({
      id: 'select',
      header: t('customerList.column.select'),
      isSortable: false,
      isExported: false,
      headerContent: (
        <input
          type="checkbox"
          className="customer-list-check"
          checked={selection.isAllSelected}
          onChange={selection.onToggleAll}
          aria-label={t('customerList.selectAll')}
          title={t('customerList.selectAll')}
        />
      ),
      value: () => '',
      render: (account) => (
        <input
          type="checkbox"
          className="customer-list-check"
          checked={selection.selected.includes(account.id)}
          onChange={() => selection.onToggle(account.id)}
          aria-label={t('customerList.selectRow', { name: fullName(account) })}
        />
      ),
    });
  } else {
    columns.push({
      id: 'card_number',
      header: t('customerList.column.card_number'),
      value: (account) => account.card_number ?? '',
    });
  }
  columns.push(
    {
      id: 'lastname',
      header: t('customerList.column.lastname'),
      isRowHeader: true,
      value: (account) => account.lastname,
      render: (account) => nameLink(account, account.lastname || '—'),
    },
    {
      id: 'firstname',
      header: t('customerList.column.firstname'),
      value: (account) => account.firstname,
      render: (account) => nameLink(account, account.firstname),
    },
    {
      id: 'balance',
      header: t('customerList.column.balance'),
      kind: 'money',
      value: (account) => account.account_details.balance,
      tone: (account) => (account.account_details.balance < 0 ? 'negative' : undefined),
    },
    {
      id: 'establishment',
      header: t('customerList.column.establishment'),
      value: (account) => establishmentLabel(account, t('customerList.establishment.all')),
    },
    {
      id: 'email',
      header: t('customerList.column.email'),
      value: (account) => account.customer_infos.details_email,
    },
    {
      id: 'phone',
      header: t('customerList.column.phone'),
      value: (account) => formatPhone(account.customer_infos.details_phone),
    },
    { id: 'address', header: t('customerList.column.address'), value: address, isWrapping: true },
    {
      id: 'customer_company_id',
      header: t('customerList.column.customer_company_id'),
      value: (account) => account.customer_infos.customer_company_id,
    },
  );
  for (const stat of statColumns) {
    columns.push({
      id: stat,
      header: t(`customerList.column.${stat}`),
      kind: stat === 'visit' || stat === 'nb_guests' ? 'integer' : 'money',
      value: (account) => account.account_details[stat],
    });
  }
  return columns;
}
