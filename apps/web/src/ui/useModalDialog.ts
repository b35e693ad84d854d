import { useEffect, useRef } from 'react';

/**
 * Opens the native `<dialog>` as a modal (page behind inert) while `isOpen`, closes it otherwise.
 * Focus goes back to the control that opened it, also when the dialog is unmounted while open (the
 * browser restores it only on `close()`, and not when the opener was re-rendered meanwhile).
 */
export function useModalDialog(isOpen: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    }
    if (!isOpen && element.open) {
      element.close();
      restoreFocus(opener);
    }
  }, [isOpen]);
  useEffect(() => () => restoreFocus(opener), []);
  return dialog;
}

function restoreFocus(opener: { current: HTMLElement | null }) {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected) target.focus();
}
