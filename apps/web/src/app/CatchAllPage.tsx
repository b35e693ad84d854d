import { useLocation } from 'react-router';
import { findReactPage } from '../features/menu/menuLinks';
import { useI18n } from './app.i18n';
import { LoadingState } from '../ui/LoadingState';
import { AreaPlaceholderPage } from './AreaPlaceholderPage';
import { NotFoundPage } from './NotFoundPage';
import { useShell } from '../api/ShellContext';

/** `/{link}` of an is_react menu item without a page of its own yet; any other path is "Oups !". */
export function CatchAllPage() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { authState, categories, isCategoriesError, sessionKind } = useShell();
  const isMenuExpected = authState === 'authenticated' && sessionKind !== 'fiscal' && !isCategoriesError;
  if (isMenuExpected && !categories) return <LoadingState label={t('common.loading')} />;
  const item = categories ? findReactPage(categories, pathname) : undefined;
  return item ? <AreaPlaceholderPage title={item.title} /> : <NotFoundPage />;
}
