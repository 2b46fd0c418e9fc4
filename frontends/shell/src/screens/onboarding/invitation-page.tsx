import './onboarding.css';
import { useGetQuestionnaireStatusQuery } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { questionnaireStepPath } from './onboarding-paths.ts';
import { TOTAL_STEPS } from './questionnaire-rules.ts';

/**
 * The questionnaire invitation (docs/product.md#onboarding-screens): start, or be reminded later (→ chat, where the banner
 * reminds). Someone who already answered some steps is offered to continue where they stopped.
 */
export function InvitationPage() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const status = useGetQuestionnaireStatusQuery();
  const progress = status.data;
  const answered = progress?.answered_steps.length ?? 0;
  const resumeStep = progress && answered > 0 ? progress.next_step : null;
  // Without a known status (still loading, or failed) the stepper itself finds the step to resume.
  const startPath = resumeStep
    ? questionnaireStepPath(resumeStep)
    : progress
      ? questionnaireStepPath(1)
      : PATHS.questionnaire;
  useDocumentTitle(t('invitation.title'));

  return (
    <article className="iv-onb-card" data-testid="questionnaire-invitation">
      <h1 className="iv-onb-title">{t('invitation.title')}</h1>
      <div className="iv-onb-prose">
        <p>{t('invitation.lead')}</p>
        <p>{t('invitation.body')}</p>
      </div>
      <ul className="iv-onb-facts">
        <li>{t('invitation.factSteps', { total: TOTAL_STEPS })}</li>
        <li>{t('invitation.factPace')}</li>
        <li>{t('invitation.factPrivate')}</li>
      </ul>
      {resumeStep !== null && (
        <p className="iv-onb-note" role="status">
          {t('invitation.progress', { answered, total: TOTAL_STEPS })}
        </p>
      )}
      <div className="iv-onb-actions">
        <Button variant="ghost" onClick={() => navigate(PATHS.chat)}>
          {t('invitation.remindLater')}
        </Button>
        <Button variant="primary" className="iv-onb-actions__main" onClick={() => navigate(startPath)}>
          {resumeStep ? t('invitation.resume', { step: resumeStep }) : t('invitation.start')}
        </Button>
      </div>
    </article>
  );
}
