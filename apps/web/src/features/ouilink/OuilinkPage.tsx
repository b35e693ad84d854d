import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function OuilinkPage() {
  return <AreaPlaceholderPage titleKey="area.ouilink" />;
}
