import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Stub, built by issue 5. */
export function FiscConnectAsPage() {
  return <AreaPlaceholderPage titleKey={'area.fiscConnect'} />;
}
