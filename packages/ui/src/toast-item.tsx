import {
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { buttonClassName } from './button.tsx';
import { hasContent } from './field.tsx';
import { CloseIcon } from './icons.tsx';
import { useToastTimers } from './toast-viewport.tsx';

// One toast: its own timer (paused with the others), the announcement for screen readers, Escape
// and swipe-right to close, and an exit animation before it leaves the page.

/** How far (px) a swipe to the right must go to close the toast. */
const SWIPE_THRESHOLD = 50;
/** How long the announcement stays in the page: long enough to be read, then gone. */
const ANNOUNCE_MS = 1000;

export type ToastItemData = {
  id: string;
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  variant: 'default' | 'destructive' | 'success';
  durationMs: number;
  action?: { label: string; onClick: () => void; altText?: string };
};

/** Text a screen reader should hear: the toast's text, an action by its alternative text, no close button. */
function announceText(container: Node): string[] {
  const parts: string[] = [];
  for (const node of container.childNodes) {
    if (node.nodeType === Node.TEXT_NODE && node.textContent) parts.push(node.textContent);
    if (!(node instanceof HTMLElement) || node.hidden || node.getAttribute('aria-hidden') === 'true')
      continue;
    if (node.dataset.announceExclude === undefined) parts.push(...announceText(node));
    else if (node.dataset.announceAlt) parts.push(node.dataset.announceAlt);
  }
  return parts;
}

/** Announces a toast through a live region of its own, two frames after it appears (so it is read). */
function Announcement({ label, text, assertive }: { label: string; text: string; assertive: boolean }) {
  const [ready, setReady] = useState(false);
  const [done, setDone] = useState(false);
  useLayoutEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setReady(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (done) return null;
  return createPortal(
    <span
      className="iv-visually-hidden"
      role="status"
      aria-live={assertive ? 'assertive' : 'polite'}
      aria-atomic
    >
      {ready && `${label} ${text}`}
    </span>,
    document.body,
  );
}

export type ToastItemProps = {
  item: ToastItemData;
  closeLabel: string;
  announceLabel: string;
  onClose: () => void;
};

export function ToastItem({ item, closeLabel, announceLabel, onClose }: ToastItemProps) {
  const timers = useToastTimers();
  const ref = useRef<HTMLLIElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // Still on the page after closing while its exit animation plays.
  const [present, setPresent] = useState(item.open);

  // The latest onClose without re-creating `close`, which would restart the timer on each render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const close = useCallback(() => {
    if (ref.current?.contains(document.activeElement)) timers.viewport()?.focus();
    onCloseRef.current();
  }, [timers]);

  // Timer: the toast's duration, counted only while the toasts are not paused.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const remaining = useRef(item.durationMs);
  const startedAt = useRef(0);
  const start = useCallback(
    (ms: number) => {
      clearTimeout(timer.current);
      if (!ms || ms === Number.POSITIVE_INFINITY) return;
      startedAt.current = Date.now();
      timer.current = setTimeout(close, ms);
    },
    [close],
  );
  // A toast replaced under the same id (new title) gets its full duration again.
  const { open, durationMs, title, description } = item;
  useEffect(() => {
    void title;
    void description;
    remaining.current = durationMs;
    if (open && !timers.isPaused()) start(durationMs);
    return () => clearTimeout(timer.current);
  }, [open, durationMs, title, description, start, timers]);
  useEffect(
    () =>
      timers.subscribe((paused) => {
        if (!open) return;
        if (paused) {
          remaining.current -= Date.now() - startedAt.current;
          clearTimeout(timer.current);
        } else start(remaining.current);
      }),
    [open, start, timers],
  );

  useLayoutEffect(() => {
    if (ref.current) setAnnouncement(announceText(ref.current).join(' '));
  }, []);

  // Leaving: at once without an exit animation (reduced motion, tests), else when it ends.
  useLayoutEffect(() => {
    if (open) {
      setPresent(true);
      return;
    }
    const node = ref.current;
    const animation = node ? getComputedStyle(node).animationName : 'none';
    if (!node || !animation || animation === 'none') {
      setPresent(false);
      return;
    }
    const done = (event: AnimationEvent) => {
      if (event.target === node) setPresent(false);
    };
    node.addEventListener('animationend', done);
    node.addEventListener('animationcancel', done);
    return () => {
      node.removeEventListener('animationend', done);
      node.removeEventListener('animationcancel', done);
    };
  }, [open]);

  // Swipe right to close (touch or mouse), with the position in CSS variables for the styles.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const swipeDelta = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if (event.button === 0) swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    const origin = swipeStart.current;
    if (!origin) return;
    const x = event.clientX - origin.x;
    const y = event.clientY - origin.y;
    const buffer = event.pointerType === 'touch' ? 10 : 2;
    const node = event.currentTarget;
    if (swipeDelta.current !== null || (Math.abs(x) > Math.abs(y) && x > buffer)) {
      if (swipeDelta.current === null) (event.target as Element).setPointerCapture?.(event.pointerId);
      swipeDelta.current = Math.max(0, x);
      node.dataset.swipe = 'move';
      node.style.setProperty('--iv-toast-swipe-move-x', `${swipeDelta.current}px`);
    } else if (Math.abs(x) > buffer || Math.abs(y) > buffer) {
      swipeStart.current = null;
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLLIElement>) => {
    const delta = swipeDelta.current;
    const target = event.target as Element;
    if (target.hasPointerCapture?.(event.pointerId)) target.releasePointerCapture(event.pointerId);
    swipeStart.current = null;
    swipeDelta.current = null;
    if (delta === null) return;
    const node = event.currentTarget;
    node.style.removeProperty('--iv-toast-swipe-move-x');
    if (delta > SWIPE_THRESHOLD) {
      node.dataset.swipe = 'end';
      node.style.setProperty('--iv-toast-swipe-end-x', `${delta}px`);
      close();
    } else node.dataset.swipe = 'cancel';
    // The pointer-up of a swipe is no click on a button inside the toast.
    node.addEventListener('click', (click) => click.preventDefault(), { once: true });
  };

  if (!present) return null;
  const { variant, action } = item;
  return (
    <>
      {announcement && open && (
        <Announcement label={announceLabel} text={announcement} assertive={variant === 'destructive'} />
      )}
      <li
        ref={ref}
        className="iv-toast"
        data-variant={variant}
        data-state={open ? 'open' : 'closed'}
        data-swipe-direction="right"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a toast is a focus stop (F8, Tab) where Escape closes it
        tabIndex={0}
        style={{ userSelect: 'none', touchAction: 'none' }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          close();
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        <div className="iv-toast__content">
          <div className="iv-toast__title">{title}</div>
          {hasContent(description) && <div className="iv-toast__description">{description}</div>}
        </div>
        {action && (
          <button
            type="button"
            className={buttonClassName(
              variant === 'destructive' ? 'secondary' : 'primary',
              'sm',
              false,
              'iv-toast__action',
            )}
            data-announce-exclude=""
            data-announce-alt={action.altText ?? action.label}
            onClick={() => {
              action.onClick();
              close();
            }}
          >
            {action.label}
          </button>
        )}
        <button
          type="button"
          className="iv-icon-button iv-toast__close"
          aria-label={closeLabel}
          data-announce-exclude=""
          onClick={close}
        >
          <CloseIcon />
        </button>
      </li>
    </>
  );
}
