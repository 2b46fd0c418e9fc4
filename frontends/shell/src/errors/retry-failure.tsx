import { Alert, Button } from '@innerview/ui';

export type RetryFailureProps = {
  title: string;
  body: string;
  retryLabel: string;
  onRetry: () => void;
  /** The card it stands in (default: the shell's panel). */
  className?: string;
  'data-testid'?: string;
};

/** Something could not be shown: what went wrong and a way to try again, never a blank area. */
export function RetryFailure({
  title,
  body,
  retryLabel,
  onRetry,
  className = 'iv-shell-panel',
  ...rest
}: RetryFailureProps) {
  return (
    <div className={className} {...rest}>
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
    </div>
  );
}
