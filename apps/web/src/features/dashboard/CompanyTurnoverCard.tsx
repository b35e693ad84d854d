import { useId } from 'react';
import type { CompanySummary, DashboardTurnover } from '@comptoir/contracts';
import { useI18n } from './dashboard.i18n';
import { formatSiret } from '../../ui/siret';
import { TurnoverFigures, type DashboardPeriod } from './TurnoverFigures';

type CompanyFigures = DashboardTurnover['companies'][number];

export function CompanyTurnoverCard({
  company,
  figures,
  period,
}: {
  company: CompanySummary;
  figures: CompanyFigures | undefined;
  period: DashboardPeriod;
}) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <article className="card company" aria-labelledby={titleId}>
      <header className="company-header">
        <h3 id={titleId} className="company-name">
          {company.company_name}
        </h3>
        <dl className="company-identity">
          {company.city ? (
            <div>
              <dt className="visually-hidden">{t('dashboard.city')}</dt>
              <dd>{company.city}</dd>
            </div>
          ) : null}
          {company.siret ? (
            <div>
              <dt>{t('dashboard.siret')}</dt>
              <dd className="siret">{formatSiret(company.siret)}</dd>
            </div>
          ) : null}
        </dl>
      </header>
      <TurnoverFigures figures={figures} period={period} />
    </article>
  );
}
