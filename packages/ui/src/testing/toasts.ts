// Test-only: the toasts on screen, as a person reads them, for every front end's tests.
import { waitFor, within } from '@testing-library/react';

export type ShownToast = { text: string; variant: string | null; element: HTMLElement };

/**
 * The toasts on screen: their text and variant (default, destructive, success). Found by the
 * region's label, not its role: a dialog open beside it marks it aria-hidden (Radix), and a hidden
 * element has no accessible name.
 */
export function toasts(): ShownToast[] {
  const region = document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
  if (!region) throw new Error('no notifications region');
  return within(region)
    .queryAllByRole('listitem', { hidden: true })
    .map((element) => ({
      text: element.textContent ?? '',
      variant: element.getAttribute('data-variant'),
      element,
    }));
}

/** Waits for a toast whose text contains `text`. */
export function findToast(text: string): Promise<ShownToast> {
  return waitFor(() => {
    const found = toasts().find((toast) => toast.text.includes(text));
    if (!found)
      throw new Error(`no toast with "${text}"; shown: ${JSON.stringify(toasts().map((t) => t.text))}`);
    return found;
  });
}
