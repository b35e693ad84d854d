import type { MenuItem } from '@comptoir/contracts';
import { Link, NavLink } from 'react-router';
import { CATEGORY_PARAM } from '../features/menu/CategoryGrid';
import { menuTarget } from '../features/menu/menuLinks';
import { useI18n } from './app.i18n';
import { Icon } from '../ui/Icon';
import { useShell } from '../api/ShellContext';

export const DRAWER_ID = 'main-drawer';

/**
 * Spec §2.3: the left drawer, 70 px collapsed and 263 px open on desktop; below 764 px it slides over
 * the page when opened and stays until closed or a link is followed.
 */
export function Drawer({
  isOpen,
  isMobile,
  onNavigate,
}: {
  isOpen: boolean;
  isMobile: boolean;
  onNavigate: () => void;
}) {
  const { t } = useI18n();
  const { categories, isStaff, sessionKind } = useShell();
  const handleNavigate = () => {
    if (isMobile) onNavigate();
  };
  const isHidden = isMobile && !isOpen;

  return (
    <nav
      id={DRAWER_ID}
      className={`drawer ${isOpen ? 'drawer-open' : 'drawer-closed'}`}
      aria-label={t('shell.nav.label')}
      hidden={isHidden}
    >
      <ul className="drawer-list" role="list">
        {sessionKind !== 'fiscal' ? (
          <DrawerLink
            to="/"
            icon="home"
            label={t('shell.nav.home')}
            isOpen={isOpen}
            onClick={handleNavigate}
            end
          />
        ) : null}
        {(categories ?? []).map((item) => (
          <DrawerItem key={item.id} item={item} isOpen={isOpen} onNavigate={handleNavigate} />
        ))}
        {isStaff && sessionKind === 'user' ? (
          <>
            <DrawerLink
              to="/support"
              icon="users"
              label={t('shell.nav.support')}
              isOpen={isOpen}
              onClick={handleNavigate}
            />
            <DrawerLink
              to="/dev/mailbox"
              icon="mail"
              label={t('shell.nav.mailbox')}
              isOpen={isOpen}
              onClick={handleNavigate}
            />
          </>
        ) : null}
      </ul>
      <p className="drawer-certification" title={t('shell.certification')}>
        <Icon name="shield" size={20} />
        <span className="drawer-label">{t('shell.certification')}</span>
      </p>
    </nav>
  );
}

function DrawerItem({
  item,
  isOpen,
  onNavigate,
}: {
  item: MenuItem;
  isOpen: boolean;
  onNavigate: () => void;
}) {
  const { t } = useI18n();
  const target = menuTarget(item);
  const icon = item.new_icon ?? item.icon;
  if (target.kind === 'external') {
    return (
      <li>
        <a
          className="drawer-link"
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          title={isOpen ? undefined : item.title}
          onClick={onNavigate}
        >
          <Icon name={icon} />
          <span className="drawer-label">
            {item.title}
            <span className="visually-hidden"> {t('common.newTab')}</span>
          </span>
        </a>
      </li>
    );
  }
  const to = target.kind === 'internal' ? target.to : `/?${CATEGORY_PARAM}=${item.id}`;
  return (
    <DrawerLink
      to={to}
      icon={icon}
      label={item.title}
      isOpen={isOpen}
      onClick={onNavigate}
      isParent={target.kind === 'parent'}
    />
  );
}

function DrawerLink({
  to,
  icon,
  label,
  isOpen,
  onClick,
  end,
  isParent,
}: {
  to: string;
  icon: string | null;
  label: string;
  isOpen: boolean;
  onClick: () => void;
  end?: boolean;
  /** Opens a parent in the home grid: never shown as the current page. */
  isParent?: boolean;
}) {
  const content = (
    <>
      <Icon name={icon} />
      <span className="drawer-label">{label}</span>
    </>
  );
  const title = isOpen ? undefined : label;
  return (
    <li>
      {isParent ? (
        <Link className="drawer-link" to={to} title={title} onClick={onClick}>
          {content}
        </Link>
      ) : (
        <NavLink className="drawer-link" to={to} title={title} onClick={onClick} end={end}>
          {content}
        </NavLink>
      )}
    </li>
  );
}
