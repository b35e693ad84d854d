import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './reports.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { findMenuItem } from '../menu/menuLinks';
import { REPORT_PAGES, reportNameOfLink } from './reportPages';

/**
 * `reporting/{id}` and `reporting-sales/{id}`: the id must be one of the user's items (spec §2.2),
 * whose `link` names the report to show, under the item's title; a report not built yet shows the
 * shell's placeholder, which the route table passes in.
 */
export function ReportPage({ renderPlaceholder }: { renderPlaceholder: (title: string) => ReactNode }) {
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
  return Page ? <Page key={item.id} title={item.title} /> : renderPlaceholder(item.title);
}

/** `v2/{name}`: the report page of that name under its own title. */
export function V2ReportPage({ name }: { name: string }) {
  const Page = REPORT_PAGES[name];
  return Page ? <Page /> : <Navigate to="/404" replace />;
}
