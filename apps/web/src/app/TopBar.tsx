import { Link, useLocation } from 'react-router';
import { isInspectorPortal } from '../features/fiscal-access/fiscalAccessRules';
import { HelpLink } from '../features/help/HelpLink';
import { NotificationCentre } from '../features/notifications/NotificationCentre';
import { useI18n } from './app.i18n';
import { Icon } from '../ui/Icon';
import { Logo } from '../ui/Logo';
import { DRAWER_ID } from './Drawer';
import { LanguageSelector } from './LanguageSelector';
import { useShell } from '../api/ShellContext';
import { SponsorshipLink } from './SponsorshipLink';
import { UserMenu } from './UserMenu';

/** Spec §2.3: help, sponsorship, notifications, language and the user menu. */
export function TopBar({
  isDrawerOpen,
  onToggleDrawer,
}: {
  isDrawerOpen: boolean;
  onToggleDrawer: () => void;
}) {
  const { t, language } = useI18n();
  const { authState, sessionKind, user, groups } = useShell();
  const { pathname } = useLocation();
  const isSignedIn = authState === 'authenticated';
  // The inspector's portal: French unless chosen here, and no help video (a tour for the account's holder).
  const isInspector = isInspectorPortal(sessionKind, pathname);
  const isCustomerSpace = groups.has('espace_client');
  const hasUserProfile = sessionKind !== 'fiscal' && user !== undefined;
  // Sponsorship is an offer to customers: not for support staff.
  const canSponsor = language === 'fr' && hasUserProfile && !isCustomerSpace && user.type !== 'staff';

  return (
    <header className="topbar">
      {isSignedIn ? (
        <button
          type="button"
          className="topbar-button drawer-toggle"
          aria-controls={DRAWER_ID}
          aria-expanded={isDrawerOpen}
          onClick={onToggleDrawer}
          title={isDrawerOpen ? t('shell.menu.close') : t('shell.menu.open')}
        >
          <Icon name="menu" />
          <span className="visually-hidden">
            {isDrawerOpen ? t('shell.menu.close') : t('shell.menu.open')}
          </span>
        </button>
      ) : null}
      <Link
        to={sessionKind === 'fiscal' ? '/administration-fiscale' : '/'}
        className="brand"
        aria-label={t('app.home')}
      >
        <Logo />
        <span className="brand-name" aria-hidden="true">
          {t('app.name')}
        </span>
      </Link>
      {isSignedIn ? <ConnectedAsLabel /> : null}
      <div className="topbar-actions">
        {/* Signed out, the page itself offers the sign-in (unauthorized page, 404 page). */}
        {isSignedIn ? (
          <>
            {isInspector ? null : <HelpLink />}
            {canSponsor ? <SponsorshipLink /> : null}
            {hasUserProfile && !isCustomerSpace ? <NotificationCentre /> : null}
            {hasUserProfile || isInspector ? <LanguageSelector isInspector={isInspector} /> : null}
            <UserMenu />
          </>
        ) : isInspector ? (
          <LanguageSelector isInspector />
        ) : null}
      </div>
    </header>
  );
}

/** Spec §2.3: "connected as" in a view-as-customer session, "connected as fiscal" for an inspector. */
function ConnectedAsLabel() {
  const { t } = useI18n();
  const { sessionKind, user } = useShell();
  if (sessionKind === 'fiscal') {
    return <p className="connected-as connected-as-fiscal">{t('shell.connectedAsFiscal')}</p>;
  }
  if (sessionKind === 'viewAs' && user) {
    return (
      <p className="connected-as">{t('shell.connectedAs', { name: user.connected_as ?? user.username })}</p>
    );
  }
  return null;
}
