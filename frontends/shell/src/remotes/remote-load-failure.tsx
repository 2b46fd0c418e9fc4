import { RetryAlert } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

/** Shown in place of a remote whose manifest or code could not be fetched. */
export function RemoteLoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="iv-shell-panel" data-testid="remote-load-failure">
      <RetryAlert
        title={t('remote.failedTitle')}
        body={t('remote.failedBody')}
        retryLabel={t('remote.retry')}
        onRetry={onRetry}
      />
    </div>
  );
}
