import type { MessageKey } from './app.i18n';
import { useI18n } from './app.i18n';
import { EmptyState } from '../ui/EmptyState';

/** An area of the route table that a later version builds: titled, never blank. */
export function AreaPlaceholderPage({ titleKey, title }: { titleKey?: MessageKey; title?: string }) {
  const { t } = useI18n();
  const heading = title ?? (titleKey ? t(titleKey) : t('area.report'));
  return (
    <div className="page">
      <title>{`${heading} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{heading}</h1>
      </header>
      <EmptyState title={t('shell.placeholder.title')} hint={t('shell.placeholder.hint')} />
    </div>
  );
}
