import { Alert, Button } from '@innerview/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../account-section.tsx';
import { LoadBoundary } from '../load-boundary.tsx';

// The viewer (docs/product.md#profile: "a questionnaire viewer modal with print") belongs to the shell's onboarding
// screens, which own the questionnaire's texts and calls. It is bundled into this remote's own lazy
// chunk from the shell's source, and fetched only on a profile visit; its `onboarding` texts load
// from the shell's origin like every shell namespace.
const QuestionnaireViewer = lazy(async () => ({
  default: (await import('../../../shell/src/screens/onboarding/questionnaire-viewer.tsx'))
    .QuestionnaireViewer,
}));

/** "View my answers": the submitted (read-only) or saved answers, with print. */
export function QuestionnaireSection() {
  const { t } = useTranslation('account');
  const label = t('profile.questionnaire.open');
  return (
    <AccountSection
      heading={t('profile.questionnaire.heading')}
      description={t('profile.questionnaire.text')}
    >
      <div className="iv-account-actions">
        <LoadBoundary fallback={<Alert variant="warning">{t('profile.questionnaire.unavailable')}</Alert>}>
          <Suspense
            fallback={
              <Button variant="secondary" loading>
                {label}
              </Button>
            }
          >
            <QuestionnaireViewer trigger={<Button variant="secondary">{label}</Button>} />
          </Suspense>
        </LoadBoundary>
      </div>
    </AccountSection>
  );
}
