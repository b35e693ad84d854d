import { Navigate, useParams } from 'react-router';
import { AreaPlaceholderPage } from '../../app/AreaPlaceholderPage';
import { useShell } from '../../app/ShellContext';
import { useI18n } from '../../i18n/useI18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { findMenuItem } from '../menu/menuLinks';

/** `reporting/{id}` and `reporting-sales/{id}`: the id must be one of the user's items (spec §2.2). */
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
  return <AreaPlaceholderPage title={item.title} />;
}
