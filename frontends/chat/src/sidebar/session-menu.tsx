import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { MoreIcon } from '../icons.tsx';

export type SessionMenuItem = { key: string; label: string; onSelect: () => void; destructive?: boolean };

type SessionMenuProps = {
  /** Accessible name of the button ("Actions for …"). */
  label: string;
  items: SessionMenuItem[];
};

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes it and returns focus to the button;
 * Tab or a click elsewhere closes it. An item returns focus to the button before it runs, so a
 * dialog it opens gives focus back there.
 */
function menuItems(menu: HTMLElement | null): HTMLButtonElement[] {
  return Array.from(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
}

export function SessionMenu({ label, items }: SessionMenuProps) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const open = openAt !== null;

  useEffect(() => {
    if (openAt === null) return;
    menuItems(menuRef.current)[openAt]?.focus();
  }, [openAt]);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpenAt(null);
    };
    // Escape is caught on window in the capture phase, before the drawer (a Radix dialog, which
    // listens on document) sees it: Escape in the menu closes the menu, not the drawer.
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', close);
    window.addEventListener('keydown', closeOnEscape, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', close);
      window.removeEventListener('keydown', closeOnEscape, { capture: true });
    };
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpenAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenAt(items.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = menuItems(menuRef.current);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = {
      ArrowDown: (current + 1) % buttons.length,
      ArrowUp: (current - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      buttons[moves[event.key]!]?.focus();
    } else if (event.key === 'Tab') {
      setOpenAt(null);
    }
  }

  function select(item: SessionMenuItem) {
    setOpenAt(null);
    buttonRef.current?.focus();
    item.onSelect();
  }

  return (
    <div className="iv-sidebar-menu">
      <button
        ref={buttonRef}
        type="button"
        className="iv-icon-button iv-sidebar-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpenAt(open ? null : 0)}
        onKeyDown={onButtonKeyDown}
      >
        <MoreIcon />
      </button>
      {open && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={label}
          className="iv-sidebar-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="iv-sidebar-menu__item"
              data-destructive={item.destructive || undefined}
              onClick={() => select(item)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
