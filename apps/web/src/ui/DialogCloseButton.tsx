import { useUiI18n } from './useUiI18n';

/** The × that closes a modal or a drawer. */
export function DialogCloseButton({
  onClose,
  isDisabled = false,
}: {
  onClose: () => void;
  isDisabled?: boolean;
}) {
  const { t } = useUiI18n();
  return (
    <button
      type="button"
      className="modal-close"
      onClick={onClose}
      disabled={isDisabled}
      aria-label={t('ui.modal.close')}
      title={t('ui.modal.close')}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
