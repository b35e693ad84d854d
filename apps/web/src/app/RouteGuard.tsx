import type { ReactNode } from 'react';
import { useI18n } from './app.i18n';
import { LoadingState } from '../ui/LoadingState';
import { checkAccess, type RouteAccess } from './access';
import { useShell } from '../api/ShellContext';
import { UnauthorizedPage } from './UnauthorizedPage';

/** Renders the page only if the visitor may open it (spec §2.1 access check on every navigation). */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { t } = useI18n();
  const shell = useShell();
  const decision = checkAccess(access, {
    authState: shell.authState,
    sessionKind: shell.sessionKind,
    role: shell.user?.type,
    services: shell.services,
  });
  if (decision === 'allow') return children;
  if (decision === 'pending') return <LoadingState label={t('common.loading')} />;
  return <UnauthorizedPage reason={decision} />;
}
