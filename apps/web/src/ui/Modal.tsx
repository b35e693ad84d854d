import { useId, type ReactNode } from 'react';
import { DialogCloseButton } from './DialogCloseButton';
import { useModalDialog } from './useModalDialog';
import './modal.css';

export interface ModalProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** False while work is in progress: Escape, the backdrop and the close button do nothing. */
  isClosable?: boolean;
  /** Buttons shown at the bottom, right-aligned. */
  footer?: ReactNode;
  /** 420, 560 (default), 880 or 1200 px at most; `wide` holds a table of many figures. */
  size?: 'small' | 'medium' | 'large' | 'wide';
  children: ReactNode;
}

/** A native modal dialog: focus stays inside, Escape closes, the page behind is inert. */
export function Modal({
  isOpen,
  title,
  onClose,
  isClosable = true,
  footer,
  size = 'medium',
  children,
}: ModalProps) {
  const dialog = useModalDialog(isOpen);
  const titleId = useId();

  return (
    <dialog
      ref={dialog}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (isClosable) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget && isClosable) onClose();
      }}
    >
      {isOpen ? (
        <div className="modal-frame">
          <header className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            <DialogCloseButton onClose={onClose} isDisabled={!isClosable} />
          </header>
          <div className="modal-body">{children}</div>
          {footer ? <footer className="modal-footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
