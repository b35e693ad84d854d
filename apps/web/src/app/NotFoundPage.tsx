import { Link } from 'react-router';
import { useI18n } from './app.i18n';

/** Spec §2.1: any path that is not a route. */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <div className="page status-page">
      <title>{`${t('notFound.title')} · ${t('app.name')}`}</title>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button button-primary">
        {t('notFound.back')}
      </Link>
    </div>
  );
}
