import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ProductLinesExportModal } from '../features/data-export/ProductLinesExportModal';
import { FiscalExportModal } from '../features/fiscal-archives/FiscalExportModal';
import { FiscalFileCheckModal } from '../features/fiscal-archives/FiscalFileCheckModal';
import { VersionModal } from '../features/user/VersionModal';
import { useI18n } from './app.i18n';
import { Icon } from '../ui/Icon';
import { CHANGE_PASSWORD_URL, CUSTOMER_SPACE_URL } from '../api/constants';
import { signOut } from '../api/session';
import { useShell } from '../api/ShellContext';

type ModalName = 'version' | 'productLines' | 'fiscalExport' | 'fiscalCheck';

/** Spec §2.3: the user menu, each entry with its rule. */
export function UserMenu() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user, groups, isSubUser, sessionKind } = useShell();
  const [isOpen, setIsOpen] = useState(false);
  const [modal, setModal] = useState<ModalName | null>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const handlePointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [isOpen]);

  const close = () => {
    setIsOpen(false);
    button.current?.focus();
  };
  const open = (name: ModalName) => {
    setIsOpen(false);
    // The entry disappears with the menu: the dialog gives focus back to the menu's button.
    button.current?.focus();
    setModal(name);
  };
  const handleKeyDown = (event: React.KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      items[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      items[items.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setIsOpen(false);
    }
  };

  const isOwnSession = sessionKind === 'user';
  const hasAccountOptions = isOwnSession && !isSubUser && user?.type !== 'staff';
  const fullName = user ? `${user.firstname} ${user.lastname}` : t('shell.connectedAsFiscal');
  const initials = user ? `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() : '';

  return (
    <div className="user-menu">
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initials || <Icon name="user" size={18} />}
        </span>
        <span className="user-name">{fullName}</span>
        <span className="visually-hidden">{t('shell.userMenu.open')}</span>
      </button>
      {isOpen ? (
        <ul
          ref={menu}
          id={menuId}
          className="user-menu-list"
          role="menu"
          aria-label={t('shell.userMenu.open')}
          onKeyDown={handleKeyDown}
        >
          {groups.has('espace_client') ? (
            <MenuEntry icon="external" onSelect={() => window.open(CUSTOMER_SPACE_URL, '_blank', 'noopener')}>
              {t('shell.userMenu.customerSpace')}
            </MenuEntry>
          ) : null}
          {hasAccountOptions ? (
            <>
              <MenuEntry icon="user" onSelect={() => (close(), void navigate('/account/migration/step-1'))}>
                {t('shell.userMenu.changeLogin')}
              </MenuEntry>
              <MenuEntry icon="key" onSelect={() => window.location.assign(CHANGE_PASSWORD_URL)}>
                {t('shell.userMenu.changePassword')}
              </MenuEntry>
            </>
          ) : null}
          {groups.has('export_product_lines') && sessionKind !== 'fiscal' ? (
            <MenuEntry icon="download" onSelect={() => open('productLines')}>
              {t('shell.userMenu.exportProductLines')}
            </MenuEntry>
          ) : null}
          {hasAccountOptions || sessionKind === 'fiscal' ? (
            <>
              <MenuEntry icon="file" onSelect={() => open('fiscalExport')}>
                {t('common.fiscalExport')}
              </MenuEntry>
              <MenuEntry icon="shield" onSelect={() => open('fiscalCheck')}>
                {t('common.fiscalCheck')}
              </MenuEntry>
            </>
          ) : null}
          <MenuEntry icon="info" onSelect={() => open('version')}>
            {t('shell.userMenu.version')}
          </MenuEntry>
          <MenuEntry icon="logout" onSelect={signOut}>
            {sessionKind === 'viewAs' ? t('shell.userMenu.leaveViewAs') : t('shell.userMenu.logout')}
          </MenuEntry>
        </ul>
      ) : null}
      <VersionModal isOpen={modal === 'version'} onClose={() => setModal(null)} />
      <ProductLinesExportModal isOpen={modal === 'productLines'} onClose={() => setModal(null)} />
      <FiscalExportModal isOpen={modal === 'fiscalExport'} onClose={() => setModal(null)} />
      <FiscalFileCheckModal isOpen={modal === 'fiscalCheck'} onClose={() => setModal(null)} />
    </div>
  );
}

function MenuEntry({
  icon,
  onSelect,
  children,
}: {
  icon: string;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <li role="none">
      <button type="button" role="menuitem" tabIndex={-1} className="user-menu-item" onClick={onSelect}>
        <Icon name={icon} size={18} />
        <span>{children}</span>
      </button>
    </li>
  );
}
