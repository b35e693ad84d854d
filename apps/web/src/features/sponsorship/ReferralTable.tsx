import { formatSponsorshipReward, type Referral } from '@comptoir/contracts';
import { useI18n } from './sponsorship.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/dates';

/** The holder's referrals: e-mail, restaurant once signed up, date, state and reward. */
export function ReferralTable({ referrals }: { referrals: readonly Referral[] }) {
  const { t } = useI18n();
  const columns: DataTableColumn<Referral>[] = [
    { id: 'email', header: t('sponsorship.column.email'), value: (row) => row.email, isRowHeader: true },
    {
      id: 'restaurant',
      header: t('sponsorship.column.restaurant'),
      value: (row) => row.restaurantName ?? '',
    },
    { id: 'invitedAt', header: t('sponsorship.column.invitedAt'), value: (row) => formatDate(row.invitedAt) },
    {
      id: 'status',
      header: t('sponsorship.column.status'),
      value: (row) => t(`sponsorship.status.${row.status}`),
      render: (row) => (
        <span className={`sponsorship-status sponsorship-status-${row.status}`}>
          {t(`sponsorship.status.${row.status}`)}
        </span>
      ),
    },
    {
      id: 'reward',
      header: t('sponsorship.column.reward'),
      value: (row) => (row.rewardCents > 0 ? formatSponsorshipReward(row.rewardCents) : ''),
      render: (row) =>
        row.rewardCents > 0 ? (
          <span className="sponsorship-amount">{formatSponsorshipReward(row.rewardCents)}</span>
        ) : null,
    },
  ];
  return (
    <DataTable
      caption={t('sponsorship.list.title')}
      isCaptionHidden
      columns={columns}
      rows={referrals}
      rowKey={(row) => row.id}
    />
  );
}
