import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { resolveLanguage } from '../i18n/i18n';
import { I18nProvider } from '../i18n/I18nProvider';
import { useI18n } from '../i18n/useI18n';
import { TopBar } from './TopBar';
import { userQueries } from './userQueries';

export function AppLayout() {
  const user = useQuery(userQueries.me());
  const language = resolveLanguage(user.data?.locale, navigator.languages);

  return (
    <I18nProvider language={language}>
      <SkipLink />
      <TopBar user={user.data} />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </I18nProvider>
  );
}

function SkipLink() {
  const { t } = useI18n();
  return (
    <a className="skip-link" href="#main">
      {t('app.skipToContent')}
    </a>
  );
}
