import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { hasContent } from './field.tsx';
import { CloseIcon } from './icons.tsx';
import { useReturnFocus } from './return-focus.ts';

export type DialogSize = 'sm' | 'md' | 'lg';

export type DialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * An element that opens the dialog (rendered as-is, e.g. a `<Button>`); focus returns to it on
   * close. Without one (`open` controlled by the caller), focus returns to whatever had it when the
   * dialog opened.
   */
  trigger?: ReactNode;
  /** Heading of the dialog: its accessible name. */
  title: ReactNode;
  /** Its accessible description. */
  description?: ReactNode;
  /** Accessible name of the × button ("Close"), translated by the caller. */
  closeLabel: string;
  /** Buttons at the bottom (stacked full width on narrow screens). */
  footer?: ReactNode;
  size?: DialogSize;
  /** Keeps the title for screen readers only. */
  hideTitle?: boolean;
  className?: string;
  children?: ReactNode;
};

/**
 * Modal dialog on Radix: focus moves in and is trapped, Escape and the × close it, focus returns to
 * the trigger (or, without one, to the element that had it when the dialog opened), the page behind
 * is inert and does not scroll.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  footer,
  size = 'md',
  hideTitle = false,
  className,
  children,
}: DialogProps) {
  const returnFocus = useReturnFocus(trigger === undefined ? open : false);
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger !== undefined && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="iv-dialog-overlay" />
        <RadixDialog.Content
          className={classNames('iv-dialog', `iv-dialog--${size}`, className)}
          onCloseAutoFocus={trigger === undefined ? returnFocus : undefined}
          // Without a description Radix would point aria-describedby at nothing (and warn).
          {...(hasContent(description) ? {} : { 'aria-describedby': undefined })}
        >
          <div className="iv-dialog__header">
            <RadixDialog.Title className={hideTitle ? 'iv-visually-hidden' : 'iv-dialog__title'}>
              {title}
            </RadixDialog.Title>
          </div>
          {hasContent(description) && (
            <RadixDialog.Description className="iv-dialog__description">
              {description}
            </RadixDialog.Description>
          )}
          {children !== undefined && <div className="iv-dialog__body">{children}</div>}
          {footer !== undefined && <div className="iv-dialog__footer">{footer}</div>}
          {/* Last in the DOM (shown top right): opening focuses the first field or action, not the ×. */}
          <RadixDialog.Close className="iv-icon-button iv-dialog__close" aria-label={closeLabel}>
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding `Dialog` when its single child is clicked (e.g. a "Cancel" button). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
