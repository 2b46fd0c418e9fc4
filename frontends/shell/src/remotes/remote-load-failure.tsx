import { Alert, Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

/** Shown in place of a remote whose manifest or code could not be fetched. */
export function RemoteLoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="iv-shell-panel" data-testid="remote-load-failure">
      <Alert
        variant="error"
        title={t('remote.failedTitle')}
        actions={
          <Button variant="primary" onClick={onRetry}>
            {t('remote.retry')}
          </Button>
        }
      >
        {t('remote.failedBody')}
      </Alert>
    </div>
  );
}
