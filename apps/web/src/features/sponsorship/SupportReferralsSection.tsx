import { useQuery } from '@tanstack/react-query';
import { formatPhone, SPONSORSHIP_REWARD_LABEL, type SupportReferral } from '@comptoir/contracts';
import { useI18n } from './sponsorship.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { useMarkFirstMonthPaidMutation } from './sponsorshipMutations';
import { sponsorshipQueries } from './sponsorshipQueries';
import './sponsorship.css';

/**
 * On the support page: every referral, and the control that records a signed-up restaurant's first
 * paid month (billing is not in this product), which makes the sponsor's reward due.
 */
export function SupportReferralsSection() {
  const { t } = useI18n();
  const referrals = useQuery(sponsorshipQueries.supportReferrals());
  const markPaid = useMarkFirstMonthPaidMutation();

  function handleMarkPaid(referral: SupportReferral) {
    markPaid.mutate(referral.id, {
      onSuccess: () =>
        showFlash({
          type: 'success',
          text: t('sponsorship.support.markedPaid', {
            amount: SPONSORSHIP_REWARD_LABEL,
            account: referral.accountName,
          }),
        }),
      onError: () => showFlash({ type: 'error', text: t('common.error') }),
    });
  }

  const columns: DataTableColumn<SupportReferral>[] = [
    { id: 'email', header: t('sponsorship.column.email'), value: (row) => row.email, isRowHeader: true },
    {
      id: 'restaurant',
      header: t('sponsorship.column.restaurant'),
      value: (row) => row.restaurantName ?? '',
      isWrapping: true,
    },
    {
      id: 'contact',
      header: t('sponsorship.support.column.contact'),
      value: (row) => [row.contactName, formatPhone(row.phone)].filter(Boolean).join(' · '),
      isWrapping: true,
    },
    {
      id: 'referrer',
      header: t('sponsorship.support.column.referrer'),
      value: (row) => `${row.accountName} (${row.referrerEmail})`,
      isWrapping: true,
    },
    { id: 'invitedAt', header: t('sponsorship.column.invitedAt'), value: (row) => formatDate(row.invitedAt) },
    {
      id: 'status',
      header: t('sponsorship.column.status'),
      value: (row) => t(`sponsorship.status.${row.status}`),
      render: (row) =>
        row.status === 'signed_up' ? (
          <button
            type="button"
            className="button button-secondary sponsorship-mark-paid"
            disabled={markPaid.isPending}
            onClick={() => handleMarkPaid(row)}
          >
            {t('sponsorship.support.markPaid')}
          </button>
        ) : (
          <span className={`sponsorship-status sponsorship-status-${row.status}`}>
            {t(`sponsorship.status.${row.status}`)}
          </span>
        ),
    },
  ];

  return (
    <section className="support-referrals" aria-labelledby="support-referrals-title">
      <h2 id="support-referrals-title" className="section-title">
        {t('sponsorship.support.title')}
      </h2>
      <p className="sponsorship-rule">
        {t('sponsorship.support.intro', { amount: SPONSORSHIP_REWARD_LABEL })}
      </p>
      {referrals.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : referrals.isError ? (
        <ErrorState
          message={t('common.error')}
          retryLabel={t('common.retry')}
          onRetry={() => void referrals.refetch()}
        />
      ) : referrals.data.referrals.length === 0 ? (
        <EmptyState title={t('sponsorship.support.empty')} />
      ) : (
        <DataTable
          caption={t('sponsorship.support.title')}
          isCaptionHidden
          columns={columns}
          rows={referrals.data.referrals}
          rowKey={(row) => row.id}
        />
      )}
    </section>
  );
}
