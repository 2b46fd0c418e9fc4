import { type RefObject, useEffect, useState } from 'react';

/** docs/product.md#timing: the on-screen keyboard counts as open when it takes more than 150 px of the viewport. */
export const KEYBOARD_THRESHOLD_PX = 150;

export function isKeyboardOpen(layoutHeight: number, visibleHeight: number): boolean {
  return layoutHeight - visibleHeight > KEYBOARD_THRESHOLD_PX;
}

type Viewport = { visibleHeight: number; keyboardOpen: boolean };

function readViewport(): Viewport {
  const visibleHeight = window.visualViewport?.height ?? window.innerHeight;
  return { visibleHeight, keyboardOpen: isKeyboardOpen(window.innerHeight, visibleHeight) };
}

/**
 * The height the page can show now (the visual viewport: without an open on-screen keyboard) and
 * whether a keyboard is open, per docs/product.md#timing's 150 px difference.
 */
export function useVisualViewport(): Viewport {
  const [viewport, setViewport] = useState<Viewport>(readViewport);
  useEffect(() => {
    const update = () =>
      setViewport((old) => {
        const next = readViewport();
        return old.visibleHeight === next.visibleHeight && old.keyboardOpen === next.keyboardOpen
          ? old
          : next;
      });
    window.visualViewport?.addEventListener('resize', update);
    window.addEventListener('resize', update);
    return () => {
      window.visualViewport?.removeEventListener('resize', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return viewport;
}

/**
 * Makes `ref`'s element end at the bottom of what is visible (above an open keyboard), so the
 * message list scrolls inside and the composer stays in view. Whatever is above it (the shell's
 * header) keeps its place; the height follows its size too.
 */
export function useFillVisibleHeight(ref: RefObject<HTMLElement | null>, visibleHeight: number): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.height = `${Math.max(280, Math.floor(visibleHeight - top))}px`;
    };
    fit();
    // The header above may wrap or unwrap (language, width): measured again when it changes.
    const header = element.closest('main')?.previousElementSibling;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    if (header) observer?.observe(header);
    return () => observer?.disconnect();
  }, [ref, visibleHeight]);
}
