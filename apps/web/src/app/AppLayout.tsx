import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { AccountMigrationNotice } from '../features/account-migration/AccountMigrationNotice';
import { isInspectorPortal } from '../features/fiscal-access/fiscalAccessRules';
import { shouldOpenHelpVideo } from '../features/help/helpVideo';
import { filterForSubUser, fiscalCategory } from '../features/menu/menuLinks';
import { menuQueries } from '../features/menu/menuQueries';
import { resolveInspectorLanguage, resolveLanguage } from '../i18n/i18n';
import { I18nProvider } from '../i18n/I18nProvider';
import { useI18n } from './app.i18n';
import { FlashMessages } from '../ui/flash/FlashMessages';
import { useAuthState } from '../api/authState';
import { STORAGE_KEYS } from '../api/constants';
import { Drawer } from './Drawer';
import { currentSessionKind } from '../api/session';
import { ShellContext, useShell, type Shell } from '../api/ShellContext';
import { readTokens, TOKEN_SETS } from '../api/tokens';
import { TopBar } from './TopBar';
import { UserMenu } from './UserMenu';
import { useIsMobile } from './useIsMobile';
import { userQueries } from '../api/userQueries';
import './shell.css';

export function AppLayout() {
  const authState = useAuthState();
  const sessionKind = useMemo(currentSessionKind, []);
  const canReadProfile = authState === 'authenticated' && sessionKind !== 'fiscal';
  const user = useQuery({ ...userQueries.me(), enabled: canReadProfile });
  const { pathname } = useLocation();
  const language = isInspectorPortal(sessionKind, pathname)
    ? resolveInspectorLanguage(localStorage)
    : resolveLanguage(user.data?.locale, navigator.languages);

  return (
    <I18nProvider language={language}>
      <ShellProvider authState={authState} sessionKind={sessionKind} user={user.data}>
        <ShellFrame />
      </ShellProvider>
    </I18nProvider>
  );
}

function ShellProvider({
  authState,
  sessionKind,
  user,
  children,
}: Pick<Shell, 'authState' | 'sessionKind' | 'user'> & { children: React.ReactNode }) {
  const { t, language } = useI18n();
  const canCallApi = authState === 'authenticated' && sessionKind !== 'fiscal';
  const isSubUser = user?.type === 'sub_user' && sessionKind === 'user';
  const refreshToken = readTokens(localStorage, TOKEN_SETS.user).refreshToken ?? '';
  const services = useQuery({
    ...menuQueries.subUserServices(refreshToken),
    enabled: canCallApi && isSubUser && refreshToken !== '',
  });
  const categories = useQuery({ ...menuQueries.categories(language), enabled: canCallApi });

  const shell = useMemo<Shell>(() => {
    const groups = new Set(user?.groups.map((group) => group.name) ?? []);
    const hasFiscalToken = readTokens(localStorage, TOKEN_SETS.fiscal).refreshToken !== null;
    let menu = categories.data?.categories;
    if (menu && isSubUser) menu = services.data ? filterForSubUser(menu, services.data) : undefined;
    if (sessionKind === 'fiscal') menu = [];
    if (menu && hasFiscalToken) menu = [fiscalCategory(t('shell.grid.fiscalCategory')), ...menu];
    return {
      authState,
      sessionKind,
      user,
      groups,
      isSuite: user?.edition === 'suite',
      mayChangeAccountSettings: user?.type === 'holder' && sessionKind === 'user',
      isSubUser,
      isStaff: user?.type === 'staff',
      services: isSubUser ? services.data : [],
      categories: menu,
      isCategoriesError: categories.isError,
      refetchCategories: () => void categories.refetch(),
    };
  }, [authState, sessionKind, user, isSubUser, services.data, categories, t]);

  return <ShellContext value={shell}>{children}</ShellContext>;
}

function ShellFrame() {
  const { t } = useI18n();
  const { authState, isSuite } = useShell();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const [isDesktopOpen, setIsDesktopOpen] = useState(
    () => localStorage.getItem(STORAGE_KEYS.drawerOpen) !== 'false',
  );
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const isDrawerOpen = isMobile ? isMobileOpen : isDesktopOpen;
  const hasDrawer = authState === 'authenticated';
  // Spec §2.3: the suite edition's videos page is shown without the header.
  const isHeaderHidden = isSuite && pathname.replace(/\/+$/, '') === '/videos-suite';

  useEffect(() => setIsMobileOpen(false), [pathname, isMobile]);

  const toggleDrawer = () => {
    if (isMobile) {
      setIsMobileOpen((value) => !value);
      return;
    }
    setIsDesktopOpen((value) => {
      localStorage.setItem(STORAGE_KEYS.drawerOpen, String(!value));
      return !value;
    });
  };

  return (
    <div
      className={`shell ${hasDrawer ? (isDrawerOpen ? 'shell-drawer-open' : 'shell-drawer-closed') : 'shell-no-drawer'}${isHeaderHidden ? ' shell-header-hidden' : ''}`}
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {isHeaderHidden ? (
        // Without the header the page still needs a way home and out (the user menu holds logout).
        <div className="shell-corner-actions">
          <Link to="/" className="button button-quiet">
            {t('notFound.back')}
          </Link>
          <UserMenu />
        </div>
      ) : (
        <TopBar isDrawerOpen={isDrawerOpen} onToggleDrawer={toggleDrawer} />
      )}
      <div className="shell-body">
        {hasDrawer ? (
          <>
            <Drawer isOpen={isDrawerOpen} isMobile={isMobile} onNavigate={() => setIsMobileOpen(false)} />
            {isMobile && isMobileOpen ? (
              <div className="drawer-scrim" aria-hidden="true" onClick={() => setIsMobileOpen(false)} />
            ) : null}
          </>
        ) : null}
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <FlashMessages />
      {/* One modal at a time: the login-change notice waits until the help video has been seen. */}
      {hasDrawer && !shouldOpenHelpVideo(localStorage) ? <AccountMigrationNotice /> : null}
    </div>
  );
}
