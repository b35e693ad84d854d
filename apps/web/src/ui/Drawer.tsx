import { useId, type ReactNode } from 'react';
import { DialogCloseButton } from './DialogCloseButton';
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
            <DialogCloseButton onClose={onClose} />
          </header>
          <div className="side-drawer-body">{children}</div>
          {footer ? <footer className="side-drawer-footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
