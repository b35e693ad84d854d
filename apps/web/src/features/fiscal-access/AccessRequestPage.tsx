import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Stub, built by issue 5. */
export function AccessRequestPage() {
  return <AreaPlaceholderPage titleKey={'area.fiscal'} />;
}
