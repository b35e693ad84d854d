import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';

/** Placeholder: filled by the issue-19 work. */
export function VideosPage(_props: { isSuitePage?: boolean }) {
  return <AreaPlaceholderPage titleKey="area.videos" />;
}
