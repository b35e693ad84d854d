import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from './fiscal.i18n';
import { Icon } from '../../ui/Icon';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { FISCAL_HOME } from './fiscalNavigation';
import { useDelayedFlag } from './useDelayedFlag';
import './fiscal.css';

/** A load shorter than this shows no overlay at all rather than a flash. */
const OVERLAY_DELAY_MS = 250;

/**
 * Every fiscal detail screen (spec 2 §2): back and home buttons, the title, the screen's print
 * buttons, the info panel of the selected row, its tabs or tables, and the loader overlay.
 */
export function FiscalDetailFrame({
  title,
  subtitle,
  actions,
  info,
  isLoading,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  info: ReactNode;
  isLoading: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const isOverlayShown = useDelayedFlag(isLoading, OVERLAY_DELAY_MS);

  function handleBack() {
    // A screen opened from a link (no history in the app) goes back to the closures list.
    if (location.key === 'default') void navigate(FISCAL_HOME);
    else void navigate(-1);
  }

  return (
    <div className="page fiscal-page">
      <title>{`${title} · ${t('app.name')}`}</title>
      <nav className="fiscal-detail-nav" aria-label={t('fiscal.detail.navigation')}>
        <button type="button" className="button button-secondary" onClick={handleBack}>
          <Icon name="back" size={18} />
          <span>{t('fiscal.detail.back')}</span>
        </button>
        <button type="button" className="button button-quiet" onClick={() => void navigate(FISCAL_HOME)}>
          <Icon name="home" size={18} />
          <span>{t('fiscal.detail.home')}</span>
        </button>
      </nav>
      <header className="page-header fiscal-detail-header">
        <div>
          <h1>{title}</h1>
          {subtitle ? <p className="page-intro">{subtitle}</p> : null}
        </div>
        {actions ? <div className="fiscal-detail-actions">{actions}</div> : null}
      </header>
      {info}
      {children}
      <LoadingOverlay isShown={isOverlayShown} title={t('fiscal.detail.loading')} />
    </div>
  );
}
