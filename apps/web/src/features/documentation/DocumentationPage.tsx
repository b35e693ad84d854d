import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function DocumentationPage() {
  return <AreaPlaceholderPage titleKey="area.documentation" />;
}
