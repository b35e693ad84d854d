import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Stub, built by issue 5. */
export function FiscalAccessRequestsPage() {
  return <AreaPlaceholderPage titleKey={'area.fiscal'} />;
}
