import type { UserMe } from '@comptoir/contracts';
import { Link } from 'react-router';
import { useI18n } from '../i18n/useI18n';
import { Logo } from '../ui/Logo';
import { signOut } from './session';

export function TopBar({ user }: { user: UserMe | undefined }) {
  const { t } = useI18n();
  const fullName = user ? `${user.firstname} ${user.lastname}` : '';
  const initials = user ? `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() : '';

  return (
    <header className="topbar">
      <Link to="/" className="brand" aria-label={t('app.home')}>
        <Logo />
        <span className="brand-name" aria-hidden="true">
          {t('app.name')}
        </span>
      </Link>
      <div className="user-area">
        {user ? (
          <p className="user">
            <span className="avatar" aria-hidden="true">
              {initials}
            </span>
            <span className="user-name">{fullName}</span>
          </p>
        ) : null}
        <button type="button" className="button button-quiet" onClick={signOut} title={t('app.signOut')}>
          <SignOutIcon />
          <span>{t('app.signOut')}</span>
        </button>
      </div>
    </header>
  );
}

function SignOutIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
