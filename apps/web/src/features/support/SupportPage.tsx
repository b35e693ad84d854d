import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SupportAccount } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useI18n } from './support.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { SupportReferralsSection } from '../sponsorship/SupportReferralsSection';
import { SupportAccountTable } from './SupportAccountTable';
import { filterAccounts } from './supportAccountSearch';
import { supportQueries } from './supportQueries';
import { useOpenViewAsMutation } from './useOpenViewAsMutation';
import './support.css';

/** Support staff's page: the customer accounts, and a read-only view of the portal as any of them. */
export function SupportPage() {
  const { t } = useI18n();
  const accounts = useQuery(supportQueries.accounts());
  const viewAs = useOpenViewAsMutation();
  const [search, setSearch] = useState('');

  function handleViewAs(account: SupportAccount) {
    viewAs.mutate(account.id, { onSuccess: ({ path }) => window.location.assign(path) });
  }

  return (
    <div className="page support-page">
      <title>{`${t('support.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('support.title')}</h1>
        <p className="page-intro">{t('support.intro')}</p>
      </header>
      <nav className="support-links" aria-label={t('support.tools')}>
        <Link to="/support/fiscal-access" className="button button-secondary">
          {t('support.fiscalAccessRequests')}
        </Link>
        <Link to="/support/notifications" className="button button-secondary">
          {t('support.notificationPublishingLink')}
        </Link>
        <Link to="/support/mail-outbox" className="button button-secondary">
          {t('support.mailOutboxLink')}
        </Link>
      </nav>
      {accounts.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : accounts.isError ? (
        accounts.error instanceof ApiError && accounts.error.code === 'STAFF_ONLY' ? (
          <ErrorState message={t('support.staffOnly')} />
        ) : (
          <ErrorState
            message={t('common.error')}
            retryLabel={t('common.retry')}
            onRetry={() => void accounts.refetch()}
          />
        )
      ) : accounts.data.accounts.length === 0 ? (
        <EmptyState title={t('support.empty')} hint={t('support.emptyHint')} />
      ) : (
        <section className="support-accounts" aria-labelledby="support-accounts-title">
          <div className="support-toolbar">
            <h2 id="support-accounts-title" className="section-title">
              {t('support.accounts')}
            </h2>
            <label className="support-search">
              <span className="visually-hidden">{t('support.search')}</span>
              <input
                type="search"
                value={search}
                placeholder={t('support.searchPlaceholder')}
                onChange={(event) => setSearch(event.target.value)}
              />
            </label>
          </div>
          <p className="support-notice">{t('support.readOnlyNotice')}</p>
          {viewAs.isError ? (
            <p className="support-error" role="alert">
              {t('support.viewAsError')}
            </p>
          ) : null}
          <AccountResults
            accounts={filterAccounts(accounts.data.accounts, search)}
            openingAccountId={viewAs.isPending || viewAs.isSuccess ? (viewAs.variables ?? null) : null}
            onViewAs={handleViewAs}
          />
        </section>
      )}
      <SupportReferralsSection />
    </div>
  );
}

function AccountResults({
  accounts,
  openingAccountId,
  onViewAs,
}: {
  accounts: SupportAccount[];
  openingAccountId: string | null;
  onViewAs: (account: SupportAccount) => void;
}) {
  const { t } = useI18n();
  if (accounts.length === 0) return <EmptyState title={t('support.noMatch')} />;
  return <SupportAccountTable accounts={accounts} openingAccountId={openingAccountId} onViewAs={onViewAs} />;
}
