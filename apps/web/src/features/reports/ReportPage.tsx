import { Navigate, useParams } from 'react-router';
import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';
import { useShell } from '../../app/ShellContext';
import { useI18n } from '../../i18n/useI18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { findMenuItem } from '../menu/menuLinks';
import { REPORT_PAGES, reportNameOfLink } from './reportPages';

/**
 * `reporting/{id}` and `reporting-sales/{id}`: the id must be one of the user's items (spec §2.2),
 * whose `link` names the report to show, under the item's title.
 */
export function ReportPage() {
  const { t } = useI18n();
  const { reportName = '' } = useParams();
  const { categories, isCategoriesError, refetchCategories } = useShell();
  if (isCategoriesError) {
    return (
      <ErrorState message={t('common.error')} retryLabel={t('common.retry')} onRetry={refetchCategories} />
    );
  }
  if (!categories) return <LoadingState label={t('common.loading')} />;
  const item = findMenuItem(categories, reportName);
  if (!item) return <Navigate to="/404" replace />;
  const Page = REPORT_PAGES[reportNameOfLink(item.link)];
  return Page ? <Page key={item.id} title={item.title} /> : <AreaPlaceholderPage title={item.title} />;
}

/** `v2/{name}`: the report page of that name under its own title. */
export function V2ReportPage({ name }: { name: string }) {
  const Page = REPORT_PAGES[name];
  return Page ? <Page /> : <Navigate to="/404" replace />;
}
