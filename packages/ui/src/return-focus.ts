import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes when a dialog without a trigger closes. Radix gives focus back only to its own
 * trigger; a dialog opened another way (a button elsewhere on the page, a menu item, a timer) would
 * leave focus on the page body, and a keyboard or screen-reader user would start over from the top.
 *
 * The element focused when `open` turns true is recorded in a layout effect, before Radix moves
 * focus inside (its passive effect); the returned handler, given to Radix as `onCloseAutoFocus`,
 * focuses it again, or leaves Radix's own behaviour when it is gone from the page.
 */
export function useReturnFocus(open: boolean | undefined): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return useCallback((event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  }, []);
}
