import { useShell } from '../api/ShellContext';
import { AccessRequestPage } from '../features/fiscal-access/AccessRequestPage';
import { SignatureCheckCard } from '../features/fiscal-check/SignatureCheckCard';
import { ClosuresListPage } from '../features/fiscal/ClosuresListPage';

/**
 * `/administration-fiscale`: the access request for the owner, the closures list for an inspector,
 * with fiscal-check's signature check (the fiscal frame imports no other fiscal feature).
 */
export function FiscalHomePage() {
  const { sessionKind } = useShell();
  return sessionKind === 'fiscal' ? (
    <ClosuresListPage renderSignatureCheck={(check) => <SignatureCheckCard {...check} />} />
  ) : (
    <AccessRequestPage />
  );
}
