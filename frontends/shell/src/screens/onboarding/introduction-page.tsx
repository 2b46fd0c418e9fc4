import './onboarding.css';
import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { ContentLoadFailed, OnboardingLoading } from './content-states.tsx';
import { useIntroContent } from './use-intro-content.ts';

const INTRO_SCREENS = 2;

/**
 * The two intro screens (docs/product.md#onboarding-screens `/onboarding/introduction` and `-2`). Their texts come from the
 * questionnaire service in the interface language; the buttons are ours.
 */
export function IntroductionPage({ screen }: { screen: 1 | 2 }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const content = useIntroContent();
  const intro = content.data?.intro[screen - 1];
  useDocumentTitle(intro?.title ?? t('loading'));

  if (content.isError) return <ContentLoadFailed onRetry={() => void content.refetch()} />;
  if (!intro) return <OnboardingLoading />;

  const next = screen === 1 ? PATHS.onboardingIntroduction2 : PATHS.questionnaireInvitation;
  return (
    <article className="iv-onb-card" data-testid={`onboarding-introduction-${screen}`}>
      <p className="iv-onb-eyebrow">{t('intro.position', { current: screen, total: INTRO_SCREENS })}</p>
      <h1 className="iv-onb-title">{intro.title}</h1>
      <div className="iv-onb-prose">
        {intro.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <div className="iv-onb-actions">
        {screen === 2 && (
          <Button variant="secondary" onClick={() => navigate(PATHS.onboardingIntroduction)}>
            {t('intro.back')}
          </Button>
        )}
        <Button variant="primary" className="iv-onb-actions__main" onClick={() => navigate(next)}>
          {t('intro.next')}
        </Button>
      </div>
    </article>
  );
}

export function IntroductionPage1() {
  return <IntroductionPage screen={1} />;
}

export function IntroductionPage2() {
  return <IntroductionPage screen={2} />;
}
