import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CUSTOMER_HISTORY_SEARCH_CATEGORIES,
  exportPeriodProblem,
  isCalendarDay,
  isValidCustomerExportEmail,
  type CustomerHistoryRow,
  type CustomerHistorySearchCategory,
  parisToday,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './customer-accounts.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { DateRangeField } from '../../ui/DateRangeField';
import { EmptyState } from '../../ui/EmptyState';
import { showFlash } from '../../ui/flash/flashStore';
import { InputField } from '../../ui/InputField';
import { Modal } from '../../ui/Modal';
import { MultiSelect, type MultiSelectOption } from '../../ui/MultiSelect';
import {
  customerAccountQueries,
  useCustomerHistoryMutation,
  useExportCustomerHistoryMutation,
} from './customerAccounts.queries';
import {
  customerHistoryQuery,
  defaultCustomerPeriod,
  isHistorySearchValid,
  type CustomerHistoryFilters,
} from './customerListRules';

/**
 * The customer-account history (spec 3 §2, §5, §7): a period of one year at most, establishments,
 * users and payment types (never none), a search by name, amount or balance (numbers only for the
 * last two), Valider, the operations found, and their export by e-mail once there are some. The modal
 * cannot be closed while a request runs.
 */
export function CustomerHistoryModal({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const ids = { searchBy: useId(), search: useId(), form: useId() };
  const user = useQuery(userQueries.me());
  const users = useQuery(customerAccountQueries.users());
  const paymentTypes = useQuery(userQueries.paymentTypes());
  const historyMutation = useCustomerHistoryMutation();
  const exportMutation = useExportCustomerHistoryMutation();
  const [filters, setFilters] = useState<CustomerHistoryFilters>(() => ({
    ...defaultCustomerPeriod(parisToday()),
    companyIds: [],
    userIds: [],
    paymentTypeIds: [],
    searchCategory: 'name',
    searchText: '',
  }));
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const email = typedEmail ?? user.data?.email ?? '';
  const isSearchValid = isHistorySearchValid(filters.searchCategory, filters.searchText);
  // Spec 3 §5: a period of a year at most, its start not after its end (issue 31, item 11).
  const isPeriodValid =
    isCalendarDay(filters.start) &&
    isCalendarDay(filters.end) &&
    exportPeriodProblem(filters.start, filters.end) === null;
  const isEmailValid = isValidCustomerExportEmail(email.trim());
  const isWorking = historyMutation.isPending || exportMutation.isPending;
  const rows = historyMutation.data?.datas ?? [];

  const companyOptions = (user.data?.companies ?? []).map((company): MultiSelectOption => ({
    id: company.id,
    label: company.company_name,
    detail: company.city,
  }));
  const userOptions = (users.data ?? []).map((staff): MultiSelectOption => ({
    id: staff.id,
    label: staff.user_firstname_lastname,
  }));
  const paymentOptions = (paymentTypes.data ?? []).map((payment): MultiSelectOption => ({
    id: payment.id,
    label: payment.payment_name,
  }));
  const columns = useMemo((): DataTableColumn<CustomerHistoryRow>[] => {
    return [
      {
        id: 'operation_date',
        header: t('customerHistory.column.operation_date'),
        kind: 'reportDateTime',
        value: (row) => row.operation_date,
      },
      {
        id: 'customer',
        header: t('customerHistory.column.customer'),
        value: (row) => `${row.customer_lastname} ${row.customer_firstname}`.trim(),
        // Namesakes told apart (issue 31, item 13): the card number or the e-mail, and a link to the account.
        render: (row) => {
          const name = `${row.customer_lastname} ${row.customer_firstname}`.trim();
          const detail = row.customer_card_number ?? row.customer_email;
          return (
            <>
              {row.customer_uniq_id === null ? (
                name
              ) : (
                <Link to={`/customer-account/${row.customer_uniq_id}?id=${row.company_id}`}>{name}</Link>
              )}
              {detail ? <span className="customer-history-detail">{detail}</span> : null}
            </>
          );
        },
      },
      // The amount and the balance right after the customer, before the establishment and the
      // operation: both in view without scrolling at 1440 px (issue 31, item 10).
      { id: 'amount', header: t('customerHistory.column.amount'), kind: 'money', value: (row) => row.amount },
      {
        id: 'balance',
        header: t('customerHistory.column.balance'),
        kind: 'money',
        value: (row) => row.balance,
      },
      {
        id: 'company_name',
        header: t('customerHistory.column.company_name'),
        value: (row) => row.company_name,
      },
      {
        id: 'operation_name',
        header: t('customerHistory.column.operation_name'),
        value: (row) => t(`customerHistory.operation.${row.operation_name}`),
      },
      {
        id: 'user',
        header: t('customerHistory.column.user'),
        value: (row) => `${row.user_firstname} ${row.user_lastname}`.trim(),
      },
      {
        id: 'payment_name',
        header: t('customerHistory.column.payment_name'),
        value: (row) => row.payment_name,
      },
    ];
  }, [t]);

  function change(patch: Partial<CustomerHistoryFilters>) {
    setFilters((current) => ({ ...current, ...patch }));
  }

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSearchValid || !isPeriodValid || isWorking) return;
    exportMutation.reset();
    historyMutation.mutate(customerHistoryQuery(filters), { onError: showRefusal });
  }

  function handleExport() {
    if (rows.length === 0 || isWorking || !isEmailValid) return;
    exportMutation.mutate(customerHistoryQuery(filters, email.trim()), {
      onSuccess: () => showFlash({ type: 'info', text: t('customerHistory.exportProcessing') }),
      onError: showRefusal,
    });
  }

  /** The server's own reason when it refuses (a 4xx says what to fix), else the generic message. */
  function showRefusal(error: unknown) {
    const isRefusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
    showFlash({ type: 'error', text: isRefusal ? error.message : t('customerHistory.failed') });
  }

  const multiSummary = (ticked: readonly MultiSelectOption[]) =>
    ticked.length === 1
      ? (ticked[0]?.label ?? '')
      : t('customerList.choices', { count: String(ticked.length) });

  return (
    <Modal isOpen title={t('customerHistory.title')} onClose={onClose} isClosable={!isWorking} size="large">
      <form id={ids.form} className="customer-history-filters" onSubmit={handleSearch} noValidate>
        <DateRangeField
          value={{ start: filters.start, end: filters.end }}
          onChange={(range) => change({ start: range.start, end: range.end })}
          maxSpan={{ years: 1, isAnniversaryIncluded: true }}
          startLabel={t('customerHistory.startDate')}
          endLabel={t('customerHistory.endDate')}
          isDisabled={isWorking}
        />
        <MultiSelect
          label={t('customerHistory.establishments')}
          allLabel={t('customerHistory.all')}
          summary={multiSummary}
          options={companyOptions}
          selected={filters.companyIds}
          onChange={(companyIds) => change({ companyIds })}
          isDisabled={isWorking}
        />
        <MultiSelect
          label={t('customerHistory.users')}
          allLabel={t('customerHistory.all')}
          summary={multiSummary}
          options={userOptions}
          selected={filters.userIds}
          onChange={(userIds) => change({ userIds })}
          isDisabled={isWorking}
          status={users.isPending ? t('common.loading') : null}
        />
        <MultiSelect
          label={t('customerHistory.paymentTypes')}
          allLabel={t('customerHistory.all')}
          summary={multiSummary}
          options={paymentOptions}
          selected={filters.paymentTypeIds}
          onChange={(paymentTypeIds) => change({ paymentTypeIds })}
          isDisabled={isWorking}
          status={paymentTypes.isPending ? t('common.loading') : null}
        />
        <div className="customer-form-field">
          <label htmlFor={ids.searchBy}>{t('customerHistory.searchBy')}</label>
          <select
            id={ids.searchBy}
            value={filters.searchCategory}
            disabled={isWorking}
            onChange={(event) =>
              change({ searchCategory: event.target.value as CustomerHistorySearchCategory })
            }
          >
            {CUSTOMER_HISTORY_SEARCH_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`customerHistory.searchBy.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`customer-form-field ${isSearchValid ? '' : 'is-invalid'}`}>
          <label htmlFor={ids.search}>{t('customerHistory.search')}</label>
          <input
            id={ids.search}
            type="text"
            inputMode={filters.searchCategory === 'name' ? 'text' : 'decimal'}
            autoComplete="off"
            value={filters.searchText}
            disabled={isWorking}
            aria-invalid={isSearchValid ? undefined : true}
            aria-describedby={isSearchValid ? undefined : `${ids.search}-error`}
            onChange={(event) => change({ searchText: event.target.value })}
          />
          {isSearchValid ? null : (
            <p id={`${ids.search}-error`} className="customer-form-error">
              {t('customerHistory.searchNumeric')}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="button button-primary"
          disabled={!isSearchValid || !isPeriodValid || isWorking}
          aria-busy={historyMutation.isPending}
        >
          {t('customerHistory.validate')}
        </button>
      </form>

      {historyMutation.isPending ? (
        <p className="customer-form-status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('customerHistory.loading')}
        </p>
      ) : null}
      {historyMutation.data && rows.length === 0 ? <EmptyState title={t('customerHistory.empty')} /> : null}
      {rows.length > 0 && historyMutation.data ? (
        <>
          {historyMutation.data.total > rows.length ? (
            <p className="customer-list-cut">
              {t('customerHistory.cut', {
                shown: String(rows.length),
                total: String(historyMutation.data.total),
              })}
            </p>
          ) : null}
          <DataTable<CustomerHistoryRow>
            caption={t('customerHistory.results')}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
          />
          <div className="customer-history-filters">
            <InputField
              className={`customer-form-field ${isEmailValid ? '' : 'is-invalid'}`}
              errorClassName="customer-form-error"
              label={t('customerHistory.email')}
              error={isEmailValid ? null : t('customerHistory.emailInvalid')}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              disabled={isWorking}
              onChange={(event) => setTypedEmail(event.target.value)}
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={handleExport}
              disabled={isWorking || !isEmailValid}
              aria-busy={exportMutation.isPending}
            >
              {t('customerHistory.export')}
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
