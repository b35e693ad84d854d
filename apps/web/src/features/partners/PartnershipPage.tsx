import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function PartnershipPage() {
  return <AreaPlaceholderPage titleKey="area.partnership" />;
}
