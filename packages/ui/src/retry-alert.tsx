import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button, type ButtonSize, type ButtonVariant } from './button.tsx';

export type RetryAlertProps = {
  title: string;
  body?: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  /** The retry button's look (a primary, medium button unless the screen says otherwise). */
  retryVariant?: ButtonVariant;
  retrySize?: ButtonSize;
};

/** Something could not be loaded or shown: what went wrong and a way to try again, never a blank area. */
export function RetryAlert({ title, body, retryLabel, onRetry, retryVariant, retrySize }: RetryAlertProps) {
  return (
    <Alert
      variant="error"
      title={title}
      actions={
        <Button variant={retryVariant} size={retrySize} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {body}
    </Alert>
  );
}
