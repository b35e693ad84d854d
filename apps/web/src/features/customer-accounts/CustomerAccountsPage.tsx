import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  CUSTOMER_BALANCE_FILTERS,
  CUSTOMER_INFO_FILTERS,
  CUSTOMER_LIST_PAGE_SIZE,
  CUSTOMER_TYPE_FILTERS,
  CUSTOMER_VISIT_BUCKETS,
  customerAccountSortKey,
  type CustomerAccountListItem,
} from '@comptoir/contracts';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './customer-accounts.i18n';
import { DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { MultiSelect, type MultiSelectOption } from '../../ui/MultiSelect';
import type { TableSort } from '../../ui/tableFilters';
import {
  allListedAccounts,
  customerAccountQueries,
  useRemoveCustomerAccountsMutation,
} from './customerAccounts.queries';
import { CustomerAccountListSkeleton } from './CustomerAccountListSkeleton';
import { CustomerEditModal } from './CustomerEditModal';
import { CustomerExportModal } from './CustomerExportModal';
import { CustomerHistoryModal } from './CustomerHistoryModal';
import { customerListColumns } from './customerListColumns';
import { useDebouncedValue } from './customerListHooks';
import {
  CUSTOMER_LIST_DELAY_MS,
  CUSTOMER_LIST_STORAGE_KEYS,
  CUSTOMER_STAT_COLUMNS,
  NO_CUSTOMER_FILTERS,
  canDeleteSelection,
  customerListQuery,
  isAllSelected,
  readStatColumns,
  saveStatColumns,
  toggleAccount,
  toggleAllOnPage,
  type CustomerListFilters,
  type CustomerListSort,
  type CustomerStatColumn,
} from './customerListRules';
import { CustomerSettingsModal } from './CustomerSettingsModal';
import { ReceivablesModal } from './ReceivablesModal';
import './customerList.css';

type Dialog = 'settings' | 'edit' | 'delete' | 'export' | 'history' | 'receivables';

/** The table's header sort as the list call's `sort` and `order`. */
function toListSort(sort: TableSort | null): CustomerListSort | null {
  const key = customerAccountSortKey.safeParse(sort?.columnId);
  if (!sort || !key.success) return null;
  return { key: key.data, order: sort.direction === 'descending' ? 'desc' : 'asc' };
}

/**
 * The customer accounts (spec 3 §2 "Customer accounts list", §4 "List"): search, sort and filters
 * asked of the server after 500 ms, the statistic columns picked and remembered, and in the suite
 * edition the selection with Modifier and Supprimer.
 */
export function CustomerAccountsPage() {
  const { t } = useI18n();
  const ids = { search: useId(), title: useId() };
  const [searchInput, setSearchInput] = useState(
    () => sessionStorage.getItem(CUSTOMER_LIST_STORAGE_KEYS.search) ?? '',
  );
  const search = useDebouncedValue(searchInput, CUSTOMER_LIST_DELAY_MS);
  const [sortInput, setSortInput] = useState<TableSort | null>(null);
  const sort = useDebouncedValue(sortInput, CUSTOMER_LIST_DELAY_MS);
  const [filters, setFilters] = useState<CustomerListFilters>(NO_CUSTOMER_FILTERS);
  const [statColumns, setStatColumns] = useState(() => readStatColumns(localStorage));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The edition is the account's, whoever calls (issue 31, item 2): known before the list answers.
  const { isSuite, mayChangeAccountSettings, sessionKind } = useShell();

  const listQuery = customerListQuery(search, toListSort(sort), filters, isSuite);
  // Another search, filter or sort shows the first page; another search or filter drops the
  // selection, whose accounts may no longer be listed.
  const selectionKey = JSON.stringify({ ...listQuery, sort: undefined, order: undefined });
  const pageKey = JSON.stringify(listQuery);
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const [selection, setSelection] = useState<{ key: string; accounts: CustomerAccountListItem[] }>({
    key: selectionKey,
    accounts: [],
  });
  const selected = selection.key === selectionKey ? selection.accounts : [];
  const setSelected = (change: (current: CustomerAccountListItem[]) => CustomerAccountListItem[]) =>
    setSelection((current) => ({
      key: selectionKey,
      accounts: change(current.key === selectionKey ? current.accounts : []),
    }));

  const query = { ...listQuery, page, pageSize: CUSTOMER_LIST_PAGE_SIZE };
  const list = useQuery({ ...customerAccountQueries.list(query), placeholderData: keepPreviousData });
  const removeMutation = useRemoveCustomerAccountsMutation();

  useEffect(() => {
    sessionStorage.setItem(CUSTOMER_LIST_STORAGE_KEYS.search, searchInput);
  }, [searchInput]);

  useEffect(() => {
    if (list.isError) showFlash({ type: 'error', text: t('customerList.loadFailed') });
  }, [list.isError, t]);

  const accounts = useMemo(() => list.data?.accounts ?? [], [list.data]);
  // A page past the end (accounts deleted): the last page instead.
  const lastPage = Math.max(1, Math.ceil((list.data?.listed ?? 0) / CUSTOMER_LIST_PAGE_SIZE));
  const isPastEnd = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (isPastEnd) setPaging({ key: pageKey, page: lastPage });
  }, [isPastEnd, pageKey, lastPage]);
  const selectedAccount = selected.length === 1 ? selected[0] : undefined;
  const selectedIds = selected.map((account) => account.id);

  const columns = customerListColumns(t, isSuite, statColumns, {
    selected: selectedIds,
    isAllSelected: isAllSelected(accounts, selectedIds),
    onToggle: (id) => {
      const account = accounts.find((candidate) => candidate.id === id);
      if (account) setSelected((current) => toggleAccount(current, account));
    },
    onToggleAll: () => setSelected((current) => toggleAllOnPage(accounts, current)),
  });

  const isLoading = list.isPending || list.isPlaceholderData || searchInput !== search || sortInput !== sort;

  function changeFilters(change: Partial<CustomerListFilters>) {
    setFilters((current) => ({ ...current, ...change }));
  }

  function changeStatColumns(column: CustomerStatColumn, isShown: boolean) {
    const next = CUSTOMER_STAT_COLUMNS.filter((candidate) =>
      candidate === column ? isShown : statColumns.includes(candidate),
    );
    setStatColumns(next);
    saveStatColumns(localStorage, next);
  }

  function handleDelete() {
    removeMutation.mutate(selectedIds, {
      onSuccess: () => {
        setSelected(() => []);
        showFlash({ type: 'success', text: t('customerList.deleted') });
      },
      onError: () => showFlash({ type: 'error', text: t('customerList.deleteFailed') }),
      onSettled: () => setDialog(null),
    });
  }

  async function handleEdited() {
    setDialog(null);
    setSelected(() => []);
    const reloaded = await list.refetch();
    showFlash(
      reloaded.isError
        ? { type: 'error', text: t('customerEdit.reloadFailed') }
        : { type: 'success', text: t('customerEdit.saved') },
    );
  }

  const filterPickers: {
    id: keyof CustomerListFilters;
    label: string;
    options: MultiSelectOption[];
  }[] = [
    {
      id: 'visit',
      label: t('customerList.filters.visit'),
      options: CUSTOMER_VISIT_BUCKETS.map((id) => ({ id, label: t(`customerList.filters.visit.${id}`) })),
    },
    {
      id: 'balance',
      label: t('customerList.filters.balance'),
      options: CUSTOMER_BALANCE_FILTERS.map((id) => ({ id, label: t(`customerList.filters.balance.${id}`) })),
    },
    {
      id: 'info',
      label: t('customerList.filters.info'),
      options: CUSTOMER_INFO_FILTERS.map((id) => ({ id, label: t(`customerList.filters.info.${id}`) })),
    },
  ];
  if (isSuite) {
    filterPickers.push({
      id: 'type',
      label: t('customerList.filters.type'),
      options: CUSTOMER_TYPE_FILTERS.map((id) => ({ id, label: t(`customerList.filters.type.${id}`) })),
    });
  }

  let content;
  if (isLoading && !list.isError) {
    content = <CustomerAccountListSkeleton label={t('customerList.loading')} />;
  } else if (list.isError || !list.data) {
    content = (
      <ErrorState
        message={t('customerList.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (accounts.length === 0) {
    content = <EmptyState title={t('customerList.empty')} />;
  } else {
    content = (
      <>
        {list.data.total > list.data.listed ? (
          <p className="customer-list-cut" role="note">
            {t('customerList.cut', { shown: String(list.data.listed), total: String(list.data.total) })}
          </p>
        ) : null}
        <div className={`customer-list-table ${isSuite ? 'is-suite' : 'is-standard'}`}>
          <DataTable<CustomerAccountListItem>
            caption={t('customerList.title')}
            isCaptionHidden
            columns={columns}
            rows={accounts}
            rowKey={(account) => account.id}
            serverSort={{ sort: sortInput, onSort: setSortInput }}
            remotePaging={{
              page,
              pageSize: CUSTOMER_LIST_PAGE_SIZE,
              total: list.data.listed,
              onPage: (next) => setPaging({ key: pageKey, page: next }),
              allRows: () => allListedAccounts(listQuery),
            }}
          />
        </div>
      </>
    );
  }

  return (
    <section className="customer-list" aria-labelledby={ids.title}>
      <header className="page-header customer-list-header">
        <h1 id={ids.title}>{t('area.customerAccounts')}</h1>
        <div className="customer-list-actions">
          <button type="button" className="button button-secondary" onClick={() => setDialog('receivables')}>
            {t('customerList.receivables')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setDialog('history')}>
            {t('customerList.history')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setDialog('export')}>
            <Icon name="download" size={18} />
            <span>{t('customerList.export')}</span>
          </button>
          {/* A view-as session reads them, visibly read-only; a sub-user does not see them. */}
          {mayChangeAccountSettings || sessionKind === 'viewAs' ? (
            <button type="button" className="button button-secondary" onClick={() => setDialog('settings')}>
              <Icon name="settings" size={18} />
              <span>{t('customerList.settings')}</span>
            </button>
          ) : null}
        </div>
      </header>

      <div className="customer-list-tools" role="group" aria-label={t('customerList.filters')}>
        <div className="customer-list-search">
          <label htmlFor={ids.search} className="visually-hidden">
            {t('customerList.search')}
          </label>
          <input
            id={ids.search}
            type="text"
            inputMode="search"
            autoComplete="off"
            placeholder={t('customerList.search')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
          {searchInput ? (
            <button
              type="button"
              className="customer-list-search-clear"
              onClick={() => setSearchInput('')}
              aria-label={t('customerList.search.clear')}
              title={t('customerList.search.clear')}
            >
              ×
            </button>
          ) : null}
        </div>
        {filterPickers.map((picker) => (
          <MultiSelect
            key={picker.id}
            className="customer-list-filter"
            label={picker.label}
            allLabel={t('customerList.filters.all')}
            summary={(ticked) => ticked.map((option) => option.label).join(', ')}
            options={picker.options}
            selected={filters[picker.id]}
            onChange={(next) => changeFilters({ [picker.id]: next })}
          />
        ))}
        <details className="customer-list-columns">
          <summary className="button button-secondary">
            {t('customerList.columns')}
            {statColumns.length > 0 ? ` (${statColumns.length})` : ''}
          </summary>
          <fieldset>
            <legend className="visually-hidden">{t('customerList.columns')}</legend>
            {CUSTOMER_STAT_COLUMNS.map((column) => (
              <label key={column}>
                <input
                  type="checkbox"
                  checked={statColumns.includes(column)}
                  onChange={(event) => changeStatColumns(column, event.target.checked)}
                />
                {t(`customerList.column.${column}`)}
              </label>
            ))}
          </fieldset>
        </details>
      </div>

      {isSuite && selected.length > 0 ? (
        <div className="customer-list-selection" role="status">
          <span>{t('customerList.selected', { count: String(selected.length) })}</span>
          {selectedAccount ? (
            <button type="button" className="button button-secondary" onClick={() => setDialog('edit')}>
              {t('customerList.edit')}
            </button>
          ) : null}
          {canDeleteSelection(selected) ? (
            <button type="button" className="button button-danger" onClick={() => setDialog('delete')}>
              {t('customerList.delete')}
            </button>
          ) : null}
        </div>
      ) : null}

      <div aria-busy={isLoading}>{content}</div>

      <Modal
        isOpen={dialog === 'delete'}
        title={t('customerList.delete.title')}
        onClose={() => setDialog(null)}
        isClosable={!removeMutation.isPending}
        size="small"
        footer={
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setDialog(null)}
              disabled={removeMutation.isPending}
            >
              {t('customerList.cancel')}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={handleDelete}
              disabled={removeMutation.isPending}
              aria-busy={removeMutation.isPending}
            >
              {t('customerList.delete')}
            </button>
          </>
        }
      >
        <p>{t('customerList.delete.text', { count: String(selected.length) })}</p>
      </Modal>
      {dialog === 'receivables' ? <ReceivablesModal onClose={() => setDialog(null)} /> : null}
      {dialog === 'settings' ? (
        <CustomerSettingsModal
          isSuite={isSuite}
          isReadOnly={!mayChangeAccountSettings}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'edit' && selectedAccount ? (
        <CustomerEditModal
          account={selectedAccount}
          isSuite={isSuite}
          onClose={() => setDialog(null)}
          onSaved={() => void handleEdited()}
        />
      ) : null}
      {dialog === 'export' ? <CustomerExportModal onClose={() => setDialog(null)} /> : null}
      {dialog === 'history' ? <CustomerHistoryModal onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
