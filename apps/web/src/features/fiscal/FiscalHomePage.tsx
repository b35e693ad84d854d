import { useShell } from '../../api/ShellContext';
import { AccessRequestPage } from '../fiscal-access/AccessRequestPage';
import { ClosuresListPage } from './ClosuresListPage';

/** `/administration-fiscale`: the access request for the owner, the closures list for an inspector. */
export function FiscalHomePage() {
  const { sessionKind } = useShell();
  return sessionKind === 'fiscal' ? <ClosuresListPage /> : <AccessRequestPage />;
}
