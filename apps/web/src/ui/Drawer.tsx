import { useId, type ReactNode } from 'react';
import { useUiI18n } from './useUiI18n';
import { useModalDialog } from './useModalDialog';
import './drawer.css';

export interface DrawerProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** Buttons shown at the bottom, right-aligned. */
  footer?: ReactNode;
  children: ReactNode;
}

/** A panel sliding from the right, as a native modal dialog: focus stays inside, Escape closes. */
export function Drawer({ isOpen, title, onClose, footer, children }: DrawerProps) {
  const { t } = useUiI18n();
  const dialog = useModalDialog(isOpen);
  const titleId = useId();

  return (
    <dialog
      ref={dialog}
      className="side-drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {isOpen ? (
        <div className="side-drawer-frame">
          <header className="side-drawer-header">
            <h2 id={titleId} className="side-drawer-title">
              {title}
            </h2>
            <button
              type="button"
              className="modal-close"
              onClick={onClose}
              aria-label={t('ui.modal.close')}
              title={t('ui.modal.close')}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className="side-drawer-body">{children}</div>
          {footer ? <footer className="side-drawer-footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
