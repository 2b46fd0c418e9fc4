import { Alert, Button } from '@innerview/ui';

export type RetryAlertProps = { title: string; body: string; retryLabel: string; onRetry: () => void };

/** Something could not be loaded or shown: what went wrong and a way to try again, never a blank area. */
export function RetryAlert({ title, body, retryLabel, onRetry }: RetryAlertProps) {
  return (
    <Alert
      variant="error"
      title={title}
      actions={
        <Button variant="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {body}
    </Alert>
  );
}
