import { useEffect, useRef } from 'react';

/** Opens the native `<dialog>` as a modal (page behind inert) while `isOpen`, closes it otherwise. */
export function useModalDialog(isOpen: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);
  return dialog;
}
