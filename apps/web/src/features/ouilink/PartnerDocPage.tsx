import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function PartnerDocPage() {
  return <AreaPlaceholderPage titleKey="area.doc" />;
}
