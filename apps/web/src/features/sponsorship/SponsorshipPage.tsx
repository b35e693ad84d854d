import { useQuery } from '@tanstack/react-query';
import { formatSponsorshipReward, SPONSORSHIP_REWARD_LABEL } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './sponsorship.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { ReferralInviteForm } from './ReferralInviteForm';
import { ReferralTable } from './ReferralTable';
import { sponsorshipQueries } from './sponsorshipQueries';
import './sponsorship.css';

/** `/parrainage` (holders; never customer-space users): invite a friend, follow one's referrals. */
export function SponsorshipPage() {
  const { t } = useI18n();
  const { groups } = useShell();
  const isCustomerSpace = groups.has('espace_client');
  const referrals = useQuery({ ...sponsorshipQueries.referrals(), enabled: !isCustomerSpace });
  const isForbidden =
    isCustomerSpace ||
    (referrals.error instanceof ApiError && referrals.error.code === 'CUSTOMER_SPACE_FORBIDDEN');

  return (
    <div className="page sponsorship-page">
      <title>{`${t('sponsorship.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('sponsorship.title')}</h1>
        <p className="page-intro">{t('sponsorship.intro', { amount: SPONSORSHIP_REWARD_LABEL })}</p>
      </header>
      {isForbidden ? (
        <ErrorState message={t('sponsorship.error.CUSTOMER_SPACE_FORBIDDEN')} />
      ) : (
        <>
          <ReferralInviteForm />
          <section className="sponsorship-list" aria-labelledby="sponsorship-list-title">
            <h2 id="sponsorship-list-title" className="section-title">
              {t('sponsorship.list.title')}
            </h2>
            <p className="sponsorship-rule">{t('sponsorship.rule', { amount: SPONSORSHIP_REWARD_LABEL })}</p>
            {referrals.isPending ? (
              <LoadingState label={t('common.loading')} />
            ) : referrals.isError ? (
              <ErrorState
                message={t('common.error')}
                retryLabel={t('common.retry')}
                onRetry={() => void referrals.refetch()}
              />
            ) : referrals.data.referrals.length === 0 ? (
              <EmptyState title={t('sponsorship.list.empty')} hint={t('sponsorship.list.emptyHint')} />
            ) : (
              <>
                {referrals.data.rewardDueCents > 0 ? (
                  <p className="sponsorship-due" role="status">
                    {t('sponsorship.rewardDue', {
                      amount: formatSponsorshipReward(referrals.data.rewardDueCents),
                    })}
                  </p>
                ) : null}
                <ReferralTable referrals={referrals.data.referrals} />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
