import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ToastItem } from './toast-item.tsx';
import { ToastViewport } from './toast-viewport.tsx';

/** docs/product.md#numbers-and-limits: a toast lasts 5 s; the account-lock toast 10 s and the attempts-warning toast 8 s. */
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_LOCK_MS = 10000;
export const TOAST_WARNING_MS = 8000;

/** At most this many toasts stay on screen; older ones make room. */
export const TOAST_LIMIT = 3;
// Kept mounted this long after closing so the exit animation can play.
const REMOVE_DELAY_MS = 300;

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastAction = {
  label: string;
  onClick: () => void;
  /** What a screen reader announces for the action (how to reach it another way); default `label`. */
  altText?: string;
};

export type ToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself (default `TOAST_DEFAULT_MS`; `Infinity` keeps it). */
  durationMs?: number;
  action?: ToastAction;
  /** Reuse an id to replace a toast instead of stacking a second copy. */
  id?: string;
};

export type ToastApi = {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string) => void;
};

type ToastEntry = ToastOptions & { id: string; open: boolean };

const ToastContext = createContext<ToastApi | null>(null);

export type ToastProviderProps = {
  children: ReactNode;
  /** Accessible name of every toast's × button ("Close"). */
  closeLabel: string;
  /** Name of the toast region for screen readers; `{hotkey}` becomes F8 ("Notifications ({hotkey})"). */
  regionLabel: string;
  /** Said before each announced toast ("Notification"); default `regionLabel` without the hotkey. */
  announceLabel?: string;
};

let counter = 0;
function nextId(): string {
  counter += 1;
  return `iv-toast-${counter}`;
}

/**
 * Holds the toasts and renders them in a viewport at the bottom right (bottom, full width, on
 * phones). F8 moves focus to the toasts; hovering or focusing them pauses their timers.
 */
export function ToastProvider({ children, closeLabel, regionLabel, announceLabel }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  // dismiss() reads the current list without being re-created on each change.
  const toastsRef = useRef(toasts);
  toastsRef.current = toasts;
  const removeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: string) => {
    if (removeTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removeTimers.current.delete(id);
      setToasts((list) => list.filter((item) => item.id !== id));
    }, REMOVE_DELAY_MS);
    removeTimers.current.set(id, timer);
  }, []);

  const dismiss = useCallback(
    (id?: string) => {
      setToasts((list) =>
        list.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)),
      );
      if (id !== undefined) scheduleRemoval(id);
      else for (const item of toastsRef.current) scheduleRemoval(item.id);
    },
    [scheduleRemoval],
  );

  const toast = useCallback((options: ToastOptions) => {
    const id = options.id ?? nextId();
    const pending = removeTimers.current.get(id);
    if (pending !== undefined) {
      clearTimeout(pending);
      removeTimers.current.delete(id);
    }
    setToasts((list) =>
      [...list.filter((item) => item.id !== id), { ...options, id, open: true }].slice(-TOAST_LIMIT),
    );
    return id;
  }, []);

  useEffect(() => {
    const timers = removeTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  // The newest open toast, for Escape pressed elsewhere on the page.
  const closeNewest = useCallback(() => {
    const newest = toastsRef.current.findLast((item) => item.open);
    if (newest) dismiss(newest.id);
  }, [dismiss]);

  const label = announceLabel ?? regionLabel.replace(/\s*\(?\{hotkey\}\)?/, '');
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport label={regionLabel} hasToasts={toasts.length > 0} onEscape={closeNewest}>
        {toasts.map((item) => (
          <ToastItem
            key={item.id}
            item={{
              ...item,
              variant: item.variant ?? 'default',
              durationMs: item.durationMs ?? TOAST_DEFAULT_MS,
            }}
            closeLabel={closeLabel}
            announceLabel={label}
            onClose={() => dismiss(item.id)}
          />
        ))}
      </ToastViewport>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}
