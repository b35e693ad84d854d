import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Stub, built by issue 5. */
export function ClosuresListPage() {
  return <AreaPlaceholderPage titleKey={'area.fiscal'} />;
}
