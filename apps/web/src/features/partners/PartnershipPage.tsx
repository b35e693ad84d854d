import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Partner } from '@comptoir/contracts';
import { useI18n } from './partners.i18n';
import { PartnerLogo, SecretField, StatusBadge, gridStateOf, partnerErrorText } from './partnerParts';
import { allPartners, partnerQueries, useGenerateKey } from './partners.queries';
import './partners.css';

/** While the chosen partner has not answered, the state is read again this often. */
const WAITING_REFRESH_MS = 5000;

/**
 * Spec 1 §2.6 partner activation: click the partner, generate a key (shown once, copied with "key
 * copied"), enter it in the partner's interface; the partner then validates or refuses.
 */
export function PartnershipPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('partner');
  const grid = useQuery({
    ...partnerQueries.grid(),
    refetchInterval: (query) => {
      const chosen = allPartners(query.state.data).find((p) => p.id === selectedId);
      return chosen?.status === 'waiting' ? WAITING_REFRESH_MS : false;
    },
  });
  const generate = useGenerateKey();
  const [fresh, setFresh] = useState<{ partnerId: string; token: string } | null>(null);

  const gridState = gridStateOf(t, grid);
  if (gridState || !grid.data) return gridState;
  const activable = allPartners(grid.data).filter((partner) => partner.withAction);
  const selected = activable.find((partner) => partner.id === selectedId) ?? null;
  const shownKey = fresh && fresh.partnerId === selected?.id ? fresh.token : null;

  const choose = (partner: Partner) => {
    setParams({ partner: partner.id }, { replace: true });
    generate.reset();
  };

  return (
    <section className="page partnership-page" aria-labelledby="partnership-title">
      <header className="page-header">
        <h1 id="partnership-title">{t('area.partnership')}</h1>
        <p className="page-intro">{t('partnership.intro')}</p>
      </header>
      {grid.data.canActivate ? null : (
        <p className="form-alert" role="alert">
          {t('partnership.updateIpad', { version: grid.data.minAppVersion })}
        </p>
      )}
      <ol className="partnership-steps">
        <li className="partnership-step">
          <h2>{t('partnership.step1')}</h2>
          <ul className="partner-choice" aria-label={t('partnership.step1')}>
            {activable.map((partner) => (
              <li key={partner.id}>
                <button
                  type="button"
                  className="partner-card"
                  aria-pressed={partner.id === selected?.id}
                  data-partner={partner.code}
                  onClick={() => choose(partner)}
                >
                  <PartnerLogo partner={partner} />
                  <span className="partner-card-name">{partner.name}</span>
                  <StatusBadge status={partner.status} />
                </button>
              </li>
            ))}
          </ul>
        </li>
        <li className="partnership-step">
          <h2>{t('partnership.step2')}</h2>
          {!selected ? (
            <p className="partner-note">{t('partnership.choosePartner')}</p>
          ) : selected.status === 'validated' ? (
            <p className="partner-note">{t('partnership.alreadyValidated', { partner: selected.name })}</p>
          ) : (
            <>
              <button
                type="button"
                className="button button-primary"
                disabled={!selected.canActivate || generate.isPending}
                onClick={() =>
                  generate.mutate(selected.id, {
                    onSuccess: (answer) => setFresh({ partnerId: selected.id, token: answer.token }),
                  })
                }
              >
                {generate.isPending
                  ? t('partnership.generating')
                  : selected.status === 'none'
                    ? t('partnership.generate')
                    : t('partners.action.regenerate')}
              </button>
              {generate.isError ? (
                <p className="form-alert partner-error" role="alert">
                  {partnerErrorText(t, generate.error)}
                </p>
              ) : null}
            </>
          )}
          {selected && shownKey ? (
            <SecretField
              label={
                selected.keyDisplay === 'read_only'
                  ? t('partnership.readOnlyLabel', { partner: selected.name })
                  : t('partnership.keyLabel', { partner: selected.name })
              }
              value={shownKey}
              copyLabel={t('partnership.copy')}
              copiedText={t('partnership.keyCopied')}
              hint={t('partnership.keyOnce')}
            />
          ) : selected?.keyDisplay === 'read_only' && selected.keyPrefix ? (
            <p className="partner-readonly">
              <input
                readOnly
                aria-label={t('partnership.readOnlyLabel', { partner: selected.name })}
                value={t('partnership.readOnlyPrefix', { prefix: selected.keyPrefix })}
              />
            </p>
          ) : null}
        </li>
        <li className="partnership-step">
          <h2>{t('partnership.step3')}</h2>
          {selected ? (
            <>
              <p>{t('partnership.step3Text', { partner: selected.name })}</p>
              <p className="partnership-state">
                <span>{t('partnership.currentStatus')}</span> <StatusBadge status={selected.status} />
              </p>
            </>
          ) : null}
        </li>
      </ol>
      <p className="partner-note">{t('partnership.afterSteps')}</p>
      <p>
        <Link to="/partenaires">{t('partnership.backToGrid')}</Link>
      </p>
    </section>
  );
}
