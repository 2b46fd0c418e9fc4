import { useLayoutEffect, useRef } from 'react';

/**
 * Gives focus back to the element that had it when `open` became true, once it is false again.
 * The UI kit's dialogs return focus only to a Radix trigger; the drawer's opener lives in the
 * conversation and the rename and remove dialogs open from a menu, so they have none.
 * Captured in a layout effect, before the dialog's own (passive) effect moves focus inside; given
 * back after a tick, after the dialog's own attempt on close.
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    setTimeout(() => {
      if (element.isConnected) element.focus();
    }, 0);
  }, [open]);
}
