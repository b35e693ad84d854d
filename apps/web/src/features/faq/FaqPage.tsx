import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function FaqPage() {
  return <AreaPlaceholderPage titleKey="area.faq" />;
}
