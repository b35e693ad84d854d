import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from './partners.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { SecretField, gridStateOf, partnerErrorText } from './partnerParts';
import { allPartners, partnerQueries, useConnexionToken } from './partners.queries';
import './partners.css';

/** `generate-connexion-token`: a partner connection token for a validated integration, shown once. */
export function GenerateConnexionTokenPage() {
  const { t } = useI18n();
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const grid = useQuery(partnerQueries.grid());
  const issue = useConnexionToken();
  const [fresh, setFresh] = useState<{ partnerId: string; token: string } | null>(null);

  const gridState = gridStateOf(t, grid);
  if (gridState || !grid.data) return gridState;
  const validated = allPartners(grid.data).filter((partner) => partner.status === 'validated');
  const selected = validated.find((p) => p.id === params.get('partner')) ?? validated[0] ?? null;

  return (
    <section className="page connexion-token-page" aria-labelledby="connexion-token-title">
      <header className="page-header">
        <h1 id="connexion-token-title">{t('area.generateToken')}</h1>
        <p className="page-intro">{t('connexionToken.intro')}</p>
      </header>
      {!selected ? (
        <>
          <EmptyState title={t('connexionToken.none')} hint={t('connexionToken.noneHint')} />
          <p>
            <Link to="/partnership">{t('partners.action.activate')}</Link>
          </p>
        </>
      ) : (
        <div className="connexion-token-form">
          <label htmlFor={selectId}>{t('connexionToken.partner')}</label>
          <select
            id={selectId}
            value={selected.id}
            onChange={(event) => {
              setParams({ partner: event.target.value }, { replace: true });
              issue.reset();
            }}
          >
            {validated.map((partner) => (
              <option key={partner.id} value={partner.id}>
                {partner.name}
              </option>
            ))}
          </select>
          {selected.hasConnexionToken ? <p className="partner-note">{t('connexionToken.hasToken')}</p> : null}
          <button
            type="button"
            className="button button-primary"
            disabled={issue.isPending}
            onClick={() =>
              issue.mutate(selected.id, {
                onSuccess: (answer) => setFresh({ partnerId: selected.id, token: answer.token }),
              })
            }
          >
            {t('connexionToken.generate')}
          </button>
          {issue.isError ? (
            <p className="form-alert partner-error" role="alert">
              {partnerErrorText(t, issue.error)}
            </p>
          ) : null}
          {fresh && fresh.partnerId === selected.id ? (
            <SecretField
              label={t('connexionToken.label', { partner: selected.name })}
              value={fresh.token}
              copyLabel={t('connexionToken.copy')}
              copiedText={t('connexionToken.copied')}
              hint={t('partnership.keyOnce')}
            />
          ) : null}
        </div>
      )}
    </section>
  );
}
