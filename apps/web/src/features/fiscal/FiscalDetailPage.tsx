import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Stub, built by issue 5. */
export function FiscalDetailPage(_props: { kind: string }) {
  return <AreaPlaceholderPage titleKey={'area.fiscal'} />;
}
