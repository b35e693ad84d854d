import { useI18n } from '../../i18n/useI18n';
import { MessageTypeIcon } from '../../ui/flash/MessageTypeIcon';

/** Said in place of the server call until the fiscal export and check are wired to it. */
export function NotAvailableYetNotice({ isShown }: { isShown: boolean }) {
  const { t } = useI18n();
  return (
    // The live region stays in the page so that the notice is read when it appears.
    <div role="status">
      {isShown ? (
        <p className="fiscal-notice message-tone-info">
          <MessageTypeIcon type="info" />
          <span>{t('fiscal.notAvailableYet')}</span>
        </p>
      ) : null}
    </div>
  );
}
