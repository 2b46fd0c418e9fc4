import { RetryAlert, Spinner } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

/** While the questionnaire's texts or answers load: a labelled spinner, announced politely. */
export function OnboardingLoading() {
  const { t } = useTranslation('onboarding');
  return (
    <div className="iv-onb-card iv-onb-card--centered">
      <Spinner size="lg" label={t('loading')} />
    </div>
  );
}

/** The texts of a screen could not be loaded: say so and offer to try again, never a blank card. */
export function ContentLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="iv-onb-card">
      <RetryAlert
        title={t('contentFailed.title')}
        body={t('contentFailed.body')}
        retryLabel={t('contentFailed.retry')}
        onRetry={onRetry}
      />
    </div>
  );
}
