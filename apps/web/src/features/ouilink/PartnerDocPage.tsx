import { Link } from 'react-router';
import { OUILINK_LOGO } from '@comptoir/contracts';
import { useI18n } from './ouilink.i18n';
import './ouilink.css';

/** The partner offer's sales image (route `doc`, spec 1 §2.1), and the way to the partner grid. */
export function PartnerDocPage() {
  const { t } = useI18n();
  return (
    <div className="page partner-doc-page">
      <title>{`${t('area.doc')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('area.doc')}</h1>
        <p className="page-intro">{t('ouilink.doc.intro')}</p>
      </header>
      <figure className="partner-doc-figure">
        <img
          className="partner-doc-logo"
          src={OUILINK_LOGO}
          alt={t('ouilink.doc.logoAlt')}
          width={240}
          height={96}
        />
        <img src="/ouilink/offre-ouilink.svg" alt={t('ouilink.doc.imageAlt')} width={1200} height={760} />
      </figure>
      <p className="partner-doc-actions">
        <Link className="button button-primary" to="/partenaires">
          {t('ouilink.doc.partnersLink')}
        </Link>
      </p>
    </div>
  );
}
