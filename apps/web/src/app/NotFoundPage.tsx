import { Link } from 'react-router';
import { useI18n } from '../i18n/useI18n';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <div className="page not-found">
      <title>{`${t('notFound.title')} · ${t('app.name')}`}</title>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button button-primary">
        {t('notFound.back')}
      </Link>
    </div>
  );
}
