import { AlertDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Button } from './button.tsx';
import { hasContent } from './field.tsx';
import { useReturnFocus } from './return-focus.ts';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /**
   * Runs on confirm. If it returns a promise the confirm button shows a busy state and the dialog
   * closes once it resolves; if it rejects the dialog stays open (the caller shows the error, e.g.
   * with a toast, and the user can retry or cancel).
   */
  onConfirm: () => unknown;
  /** Styles the confirm button as destructive (delete account, remove chat). */
  destructive?: boolean;
  children?: ReactNode;
};

/**
 * A yes/no question on Radix AlertDialog (role "alertdialog"): it does not close on an outside
 * click, focus starts on Cancel so Enter never confirms a destructive action by accident, and on
 * close it returns to the element that had it when the question opened.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive = false,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const returnFocus = useReturnFocus(open);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // Left open on purpose: the caller reports the failure; the user may retry or cancel.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="iv-dialog-overlay" />
        <AlertDialog.Content
          className="iv-dialog iv-dialog--sm"
          onCloseAutoFocus={returnFocus}
          {...(hasContent(description) ? {} : { 'aria-describedby': undefined })}
        >
          <div className="iv-dialog__header">
            <AlertDialog.Title className="iv-dialog__title">{title}</AlertDialog.Title>
          </div>
          {hasContent(description) && (
            <AlertDialog.Description className="iv-dialog__description">
              {description}
            </AlertDialog.Description>
          )}
          {children !== undefined && <div className="iv-dialog__body">{children}</div>}
          <div className="iv-dialog__footer">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'primary'}
              loading={busy}
              onClick={() => void confirm()}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
