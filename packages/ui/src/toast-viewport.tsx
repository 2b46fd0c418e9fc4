import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { classNames } from './class-names.ts';

// The toast region: where the toasts live and how a keyboard or pointer user reaches them. Written
// for the kit rather than taken from a primitives library so that every screen, /login first, can
// show toasts without downloading one (the web budget); it keeps that library's behaviour: F8
// jumps to the toasts, newest first when tabbing; hovering or focusing them, or leaving the
// window, pauses every timer; Escape closes the newest toast.

const HOTKEY = 'F8';

/** Timers of the toasts, paused together while the user is on the region (or away from the window). */
export type ToastTimers = {
  isPaused: () => boolean;
  /** Called with `true` on pause and `false` on resume; returns the unsubscribe function. */
  subscribe: (listener: (paused: boolean) => void) => () => void;
  /** The list element, where focus goes when a focused toast closes. */
  viewport: () => HTMLOListElement | null;
};

const TimersContext = createContext<ToastTimers | null>(null);

export function useToastTimers(): ToastTimers {
  const timers = useContext(TimersContext);
  if (timers === null) throw new Error('A toast needs the toast viewport above it');
  return timers;
}

function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')]
    .filter((node) => node.tabIndex >= 0 && !(node as HTMLButtonElement).disabled && !node.hidden)
    .filter((node) => !(node instanceof HTMLInputElement && node.type === 'hidden'));
}

/** Focuses the first candidate that takes focus; true when focus is on one of them. */
function focusFirst(candidates: HTMLElement[]): boolean {
  const previous = document.activeElement;
  return candidates.some((candidate) => {
    if (candidate === previous) return true;
    candidate.focus();
    return document.activeElement !== previous;
  });
}

export type ToastViewportProps = {
  /** Name of the region; `{hotkey}` becomes F8. */
  label: string;
  hasToasts: boolean;
  /** Escape pressed outside the toasts (and not taken by a dialog): closes the newest one. */
  onEscape: () => void;
  children: ReactNode;
};

export function ToastViewport({ label, hasToasts, onEscape, children }: ToastViewportProps) {
  const regionRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pausedRef = useRef(false);
  const listeners = useRef(new Set<(paused: boolean) => void>());

  const timers = useMemo<ToastTimers>(
    () => ({
      isPaused: () => pausedRef.current,
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      viewport: () => listRef.current,
    }),
    [],
  );

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.code === HOTKEY || event.key === HOTKEY) listRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  useEffect(() => {
    if (!hasToasts) return;
    // Bubble phase: a dialog that handles Escape (capture phase) prevents the default first.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (regionRef.current?.contains(event.target as Node)) return;
      onEscapeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasToasts]);

  useEffect(() => {
    const region = regionRef.current;
    if (!hasToasts || !region) return;
    const set = (paused: boolean) => {
      if (pausedRef.current === paused) return;
      pausedRef.current = paused;
      for (const listener of listeners.current) listener(paused);
    };
    const pause = () => set(true);
    const resume = () => set(false);
    const onFocusOut = (event: FocusEvent) => {
      if (!region.contains(event.relatedTarget as Node | null)) resume();
    };
    const onPointerLeave = () => {
      if (!region.contains(document.activeElement)) resume();
    };
    const subscriptions: [EventTarget, string, EventListener][] = [
      [region, 'focusin', pause],
      [region, 'focusout', onFocusOut as EventListener],
      [region, 'pointermove', pause],
      [region, 'pointerleave', onPointerLeave],
      [window, 'blur', pause],
      [window, 'focus', resume],
    ];
    for (const [target, type, listener] of subscriptions) target.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of subscriptions) target.removeEventListener(type, listener);
    };
  }, [hasToasts]);

  /** Every toast followed by its controls, newest toast first (reversed when tabbing backwards). */
  const candidates = useCallback((forwards: boolean): HTMLElement[] => {
    const items = [...(listRef.current?.children ?? [])] as HTMLElement[];
    const perToast = items.map((item) => {
      const own = [item, ...tabbableIn(item)];
      return forwards ? own : own.reverse();
    });
    return (forwards ? perToast.reverse() : perToast).flat();
  }, []);

  const headRef = useRef<HTMLSpanElement>(null);
  const tailRef = useRef<HTMLSpanElement>(null);
  const onListKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    const backwards = event.shiftKey;
    if (event.target === listRef.current && backwards) {
      headRef.current?.focus();
      return;
    }
    const sorted = candidates(!backwards);
    const index = sorted.indexOf(document.activeElement as HTMLElement);
    if (focusFirst(sorted.slice(index + 1))) event.preventDefault();
    else (backwards ? headRef : tailRef).current?.focus();
  };
  // Tabbing into the region from the page lands on the newest toast (or the oldest backwards).
  const proxy = (ref: typeof headRef, forwards: boolean) => (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focus stop only reacts to receiving focus
    <span
      ref={ref}
      className="iv-visually-hidden"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: an invisible focus stop that hands focus on to the toasts
      tabIndex={0}
      style={{ position: 'fixed' }}
      onFocus={(event) => {
        if (!listRef.current?.contains(event.relatedTarget as Node | null)) focusFirst(candidates(forwards));
      }}
    />
  );

  return (
    <TimersContext.Provider value={timers}>
      {/* A press on a toast is not a press outside an open dialog: it is kept from the document. */}
      <section
        ref={regionRef}
        aria-label={label.replace('{hotkey}', HOTKEY)}
        tabIndex={-1}
        style={{ pointerEvents: hasToasts ? undefined : 'none' }}
        onPointerDown={(event) => event.stopPropagation()}
      >
        {hasToasts && proxy(headRef, true)}
        <ol ref={listRef} tabIndex={-1} className={classNames('iv-toast-viewport')} onKeyDown={onListKeyDown}>
          {children}
        </ol>
        {hasToasts && proxy(tailRef, false)}
      </section>
    </TimersContext.Provider>
  );
}
