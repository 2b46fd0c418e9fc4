import { useTranslation } from 'react-i18next';
import { RetryFailure } from './retry-failure.tsx';

export function SomethingWentWrong({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <RetryFailure
      data-testid="something-went-wrong"
      title={t('errors.somethingWentWrong')}
      body={t('errors.anErrorOccurred')}
      retryLabel={t('errors.tryAgain')}
      onRetry={onRetry}
    />
  );
}
