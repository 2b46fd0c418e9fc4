import { RetryAlert } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

export function SomethingWentWrong({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="iv-shell-panel" data-testid="something-went-wrong">
      <RetryAlert
        title={t('errors.somethingWentWrong')}
        body={t('errors.anErrorOccurred')}
        retryLabel={t('errors.tryAgain')}
        onRetry={onRetry}
      />
    </div>
  );
}
