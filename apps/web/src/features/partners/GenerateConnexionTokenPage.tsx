import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function GenerateConnexionTokenPage() {
  return <AreaPlaceholderPage titleKey="area.generateToken" />;
}
