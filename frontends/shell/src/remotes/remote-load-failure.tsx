import { useTranslation } from 'react-i18next';
import { RetryFailure } from '../errors/retry-failure.tsx';

/** Shown in place of a remote whose manifest or code could not be fetched. */
export function RemoteLoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <RetryFailure
      data-testid="remote-load-failure"
      title={t('remote.failedTitle')}
      body={t('remote.failedBody')}
      retryLabel={t('remote.retry')}
      onRetry={onRetry}
    />
  );
}
