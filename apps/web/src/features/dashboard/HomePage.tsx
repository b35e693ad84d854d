import { useCallback, useState } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './dashboard.i18n';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { CategoryGrid } from '../menu/CategoryGrid';

interface HomeOutletContext {
  onRendered: () => void;
}

/** Spec §2.1 `/`: the category grid, and the embedded dashboard as default child with its loader. */
export function HomePage() {
  const { t } = useI18n();
  const { user } = useShell();
  const [isDashboardRendered, setIsDashboardRendered] = useState(false);
  const handleRendered = useCallback(() => setIsDashboardRendered(true), []);
  return (
    <div className="page home">
      <title>{`${t('dashboard.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{user ? t('dashboard.greeting', { name: user.firstname }) : t('dashboard.title')}</h1>
        <p className="page-intro">{t('dashboard.intro')}</p>
      </header>
      <CategoryGrid />
      <Outlet context={{ onRendered: handleRendered } satisfies HomeOutletContext} />
      <LoadingOverlay isShown={!isDashboardRendered} />
    </div>
  );
}

/** The dashboard tells the home page it has rendered its figures (or its empty or error state). */
export function useHomeOutlet(): HomeOutletContext {
  return useOutletContext<HomeOutletContext>();
}
