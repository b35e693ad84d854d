import type { ReactNode } from 'react';
import { Modal } from './Modal';
import './confirm-dialog.css';

/** A small modal that asks before one action: its cancel and confirm buttons wait while it runs. */
export function ConfirmDialog({
  isOpen,
  title,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  isPending = false,
  isDanger = false,
  isCancelQuiet = false,
  children,
}: {
  isOpen: boolean;
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** The action runs: neither button nor Escape may interrupt it. */
  isPending?: boolean;
  /** The action destroys something: the confirm button is red. */
  isDanger?: boolean;
  /** The cancel button as a plain link-like button rather than an outlined one. */
  isCancelQuiet?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onClose={onCancel}
      isClosable={!isPending}
      size="small"
      footer={
        <>
          <button
            type="button"
            className={isCancelQuiet ? 'button button-quiet' : 'button button-secondary'}
            onClick={onCancel}
            disabled={isPending}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={isDanger ? 'button button-primary button-danger' : 'button button-primary'}
            onClick={onConfirm}
            disabled={isPending}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
