import { Alert, Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

export function SomethingWentWrong({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="iv-shell-panel" data-testid="something-went-wrong">
      <Alert
        variant="error"
        title={t('errors.somethingWentWrong')}
        actions={
          <Button variant="primary" onClick={onRetry}>
            {t('errors.tryAgain')}
          </Button>
        }
      >
        {t('errors.anErrorOccurred')}
      </Alert>
    </div>
  );
}
