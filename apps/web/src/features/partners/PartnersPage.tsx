import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function PartnersPage() {
  return <AreaPlaceholderPage titleKey="area.partners" />;
}
