import { Link } from 'react-router';
import { useI18n } from './app.i18n';
import { ErrorState } from '../ui/ErrorState';

/**
 * `connect-as/{viewAsCustomerToken}`: a valid token was exchanged at startup and the portal went
 * home (see startSession); the page itself only renders when the token was refused.
 */
export function ConnectAsPage() {
  const { t } = useI18n();
  return (
    <div className="page status-page">
      <title>{`${t('shell.connectAs.title')} · ${t('app.name')}`}</title>
      <h1>{t('shell.connectAs.title')}</h1>
      <ErrorState message={t('shell.connectAs.error')} />
      <Link to="/" className="button button-secondary">
        {t('shell.unauthorized.home')}
      </Link>
    </div>
  );
}
