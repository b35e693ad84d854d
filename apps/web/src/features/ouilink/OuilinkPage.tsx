import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from './ouilink.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { partnerFrameUrl } from './ouilinkFrame';
import { ouilinkQueries } from './ouilinkQueries';
import './ouilink.css';

/**
 * The partner link (spec 1 §2.6): the loading overlay until the server answers, then the partner's
 * page in a frame, or the maintenance message while the partner is down.
 */
export function OuilinkPage() {
  const { t } = useI18n();
  const link = useQuery(ouilinkQueries.link());

  // Spec 1 §8: a failed link is only logged.
  useEffect(() => {
    if (link.isError) console.error('ouilink: the partner link failed', link.error);
  }, [link.isError, link.error]);

  const answer = link.data;
  const frameUrl = answer ? partnerFrameUrl(answer, window.location.origin) : null;

  return (
    <div className="page ouilink-page">
      <title>{`${t('area.ouilink')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('area.ouilink')}</h1>
        <p className="page-intro">{t('ouilink.intro')}</p>
      </header>
      <LoadingOverlay isShown={link.isPending} title={t('ouilink.loading')} />
      {answer && frameUrl ? (
        <iframe
          className="ouilink-frame"
          src={frameUrl}
          title={t('noToken' in answer ? 'ouilink.frame.onboarding' : 'ouilink.frame.catalogue')}
          referrerPolicy="no-referrer"
        />
      ) : answer || link.isError ? (
        // A failure shows what a partner down shows, without an error text (spec 1 §8): never a blank page.
        <div className="ouilink-maintenance">
          <EmptyState title={t('ouilink.maintenance.title')} hint={t('ouilink.maintenance.hint')} />
          <button
            type="button"
            className="button button-secondary"
            disabled={link.isFetching}
            onClick={() => void link.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
