import { useI18n } from '../i18n/useI18n';
import { goToSignIn } from './session';

/** Spec §2.1: the `/404` page, where unknown report ids lead, with a back-to-login button. */
export function Page404() {
  const { t } = useI18n();
  return (
    <div className="page status-page">
      <title>{`${t('shell.page404.title')} · ${t('app.name')}`}</title>
      <p className="status-page-code" aria-hidden="true">
        404
      </p>
      <h1>{t('shell.page404.title')}</h1>
      <p>{t('shell.page404.text')}</p>
      <button type="button" className="button button-primary" onClick={goToSignIn}>
        {t('shell.page404.back')}
      </button>
    </div>
  );
}
