import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CustomerAccountDetail, CustomerNoteFilter, TicketPayment } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './customer-accounts.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { MonthPicker } from '../../ui/MonthPicker';
import type { CalendarMonth } from '../../ui/months';
import { Tabs } from '../../ui/Tabs';
import { CustomerAccountDetailDeleteDialog } from './CustomerAccountDetailDeleteDialog';
import { CustomerAccountDetailSummary } from './CustomerAccountDetailSummary';
import { CustomerDunningHistory } from './CustomerDunningHistory';
import { notesPeriod } from './customerDetailPeriod';
import { customerDetailQueries } from './customerDetailQueries';
import { NotesList } from './NotesList';
import { NotesListCredits } from './NotesListCredits';
import { PaymentButton } from './PaymentButton';
import { StatementButton } from './StatementButton';
import { TicketPanel } from './TicketPanel';

export function CustomerAccountDetailView({ ids, companyId }: { ids: string; companyId: string | null }) {
  const { t } = useI18n();
  const detail = useQuery(customerDetailQueries.detail(ids, companyId));

  useEffect(() => {
    if (detail.isError && !isNotFound(detail.error))
      showFlash({ type: 'error', text: t('customerDetail.error') });
  }, [detail.isError, detail.error, t]);

  return (
    <div className="customer-detail">
      <p className="customer-detail-back">
        <Link to="/customer-account">← {t('customerDetail.back')}</Link>
      </p>
      {detail.isPending ? (
        <LoadingState label={t('customerDetail.loading')} />
      ) : detail.isError ? (
        <ErrorState
          message={isNotFound(detail.error) ? t('customerDetail.notFound') : t('customerDetail.error')}
        />
      ) : (
        <CustomerAccountDetailContent customer={detail.data.customer} companyId={companyId} />
      )}
    </div>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function CustomerAccountDetailContent({
  customer,
  companyId,
}: {
  customer: CustomerAccountDetail;
  companyId: string | null;
}) {
  const { t } = useI18n();
  const { user, isSuite, sessionKind } = useShell();
  const companySelectId = useId();
  const [filter, setFilter] = useState<CustomerNoteFilter>('unpaid');
  const [month, setMonth] = useState<CalendarMonth | null>(null);
  const [company, setCompany] = useState<string | null>(() =>
    customer.companies.some((item) => item.id === companyId)
      ? companyId
      : customer.companies.length === 1
        ? (customer.companies[0]?.id ?? null)
        : null,
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  // The period is taken once per choice: "now" must not move the query key at each render.
  const [period, setPeriod] = useState(() => notesPeriod(null));

  const query = { contactsIds: [customer.id], contactDb: company, ...period };
  // On the credits tab the notes call rests.
  const notes = useQuery({
    ...customerDetailQueries.notes(filter === 'credits' ? 'unpaid' : filter, query),
    enabled: filter !== 'credits',
  });
  const credits = useQuery({ ...customerDetailQueries.credits(query), enabled: filter === 'credits' });
  const loaded = filter === 'credits' ? credits : notes;

  useEffect(() => {
    if (loaded.isError) showFlash({ type: 'error', text: t('customerDetail.error') });
  }, [loaded.isError, loaded.errorUpdatedAt, t]);

  function handleFilter(next: CustomerNoteFilter) {
    setFilter(next);
    setSelected([]);
  }

  function handleMonth(next: CalendarMonth | null) {
    setMonth(next);
    setPeriod(notesPeriod(next));
    setSelected([]);
  }

  function handleCompany(next: string) {
    setCompany(next || null);
    setSelected([]);
  }

  const payments: TicketPayment[] =
    filter === 'credits'
      ? (credits.data?.credits ?? [])
          .filter((credit) => selected.includes(credit.id))
          .map((credit) => ({ idPayment: credit.id, customerId: credit.customerId, userDb: credit.userDb }))
      : (notes.data?.notes ?? [])
          .filter((note) => selected.includes(note.payment_line_id))
          .map((note) => ({
            idPayment: note.payment_line_id,
            customerId: note.customerId,
            userDb: note.userDb,
          }));
  const name = `${customer.lastname} ${customer.firstname}`.trim();
  const isBalanceZero = customer.account_details.balance === 0;
  const onlyCompany = customer.companies.length === 1 ? customer.companies[0] : undefined;

  return (
    <>
      <header className="customer-detail-header">
        <div>
          <p className="customer-detail-kicker">{t('area.customerAccount')}</p>
          <h1>{name}</h1>
        </div>
        <StatementButton
          customerId={customer.id}
          uniqId={
            (customer.companies.find((c) => c.id === company) ?? customer.companies[0])?.id_customer ?? null
          }
          companyId={company}
        />
        {/* A signed record: not in a read-only view-as session (the server refuses it too). */}
        {sessionKind === 'user' ? <PaymentButton customer={customer} companyId={company} /> : null}
        {isSuite ? (
          <div className="customer-detail-delete">
            <button
              type="button"
              className="button button-secondary customer-detail-danger-outline"
              disabled={!isBalanceZero}
              aria-describedby={isBalanceZero ? undefined : `${companySelectId}-delete-hint`}
              onClick={() => setIsDeleteOpen(true)}
            >
              {t('customerDetail.delete')}
            </button>
            {isBalanceZero ? null : (
              <p id={`${companySelectId}-delete-hint`} className="customer-detail-hint">
                {t('customerDetail.delete.balanceNotZero')}
              </p>
            )}
          </div>
        ) : null}
      </header>
      <CustomerAccountDetailSummary customer={customer} />
      <CustomerDunningHistory customerId={customer.id} />
      <div className="customer-detail-filters">
        <div className="customer-detail-company">
          {onlyCompany ? (
            <>
              <span className="customer-detail-company-title">{t('customerDetail.company')}</span>
              <p className="customer-detail-company-name">{onlyCompany.company_name}</p>
            </>
          ) : (
            <>
              <label htmlFor={companySelectId}>{t('customerDetail.company')}</label>
              <select
                id={companySelectId}
                value={company ?? ''}
                onChange={(event) => handleCompany(event.target.value)}
              >
                <option value="">{t('customerDetail.allCompanies')}</option>
                {customer.companies.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.company_name}
                  </option>
                ))}
              </select>
            </>
          )}
        </div>
        <MonthPicker
          value={month}
          onChange={handleMonth}
          labels={{
            label: t('customerDetail.period'),
            none: t('customerDetail.period.all'),
            previous: t('customerDetail.period.previous'),
            next: t('customerDetail.period.next'),
            choose: t('customerDetail.period.choose'),
            reset: t('customerDetail.period.reset'),
          }}
        />
      </div>
      <div className="customer-detail-body">
        <section className="customer-detail-notes-area" aria-label={t('customerDetail.tabs')}>
          <Tabs
            panel="plain"
            label={t('customerDetail.tabs')}
            tabs={(['unpaid', 'paid', 'credits'] as const).map((id) => ({
              id,
              label: t(`customerDetail.tab.${id}`),
            }))}
            selected={filter}
            onSelect={handleFilter}
          >
            {loaded.isPending ? (
              <LoadingState label={t('customerDetail.notes.loading')} />
            ) : filter === 'credits' ? (
              credits.isError ? (
                <ErrorState message={t('customerDetail.credit.loadError')} />
              ) : (
                <NotesListCredits
                  credits={credits.data?.credits ?? []}
                  selected={selected}
                  onSelect={setSelected}
                />
              )
            ) : notes.isError ? (
              <ErrorState message={t('customerDetail.error')} />
            ) : (
              <NotesList
                filter={filter}
                isEstablishmentShown={company === null}
                notes={notes.data?.notes ?? []}
                selected={selected}
                onSelect={setSelected}
              />
            )}
          </Tabs>
        </section>
        <TicketPanel
          key={filter}
          filter={filter}
          payments={payments}
          customer={customer}
          isSuite={isSuite}
          userEmail={user?.email ?? ''}
          userName={user ? `${user.firstname} ${user.lastname}`.trim() : ''}
        />
      </div>
      {isSuite ? (
        <CustomerAccountDetailDeleteDialog
          customerId={customer.id}
          isOpen={isDeleteOpen}
          onClose={() => setIsDeleteOpen(false)}
        />
      ) : null}
    </>
  );
}
