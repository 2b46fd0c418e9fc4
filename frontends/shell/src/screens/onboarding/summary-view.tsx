import { Alert, Button } from '@innerview/ui';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionnaireAnswers } from './questionnaire-answers.tsx';
import { TOTAL_STEPS } from './questionnaire-rules.ts';
import type { AnsweredStep } from './use-questionnaire-record.ts';

export type SummaryViewProps = {
  titles: ReadonlyMap<number, string>;
  /** Steps without a non-blank answer; none means the complete summary. */
  skipped: number[];
  /** Every step with the answer saved for it (null when skipped): what "Review my answers" promised. */
  answered: AnsweredStep[];
  headingRef: Ref<HTMLHeadingElement>;
  onGoToStep: (step: number) => void;
  onSubmit: () => void;
  onFinishLater: () => void;
  submitting: boolean;
  submitFailed: boolean;
  progress: ReactNode;
};

/**
 * After step 8 (docs/product.md#onboarding-screens): the complete summary (all 8 answered → submit) or the incomplete one,
 * which lists the skipped steps to go back to, or lets the person submit as is.
 */
export function SummaryView({
  titles,
  skipped,
  answered,
  headingRef,
  onGoToStep,
  onSubmit,
  onFinishLater,
  submitting,
  submitFailed,
  progress,
}: SummaryViewProps) {
  const { t } = useTranslation('onboarding');
  const complete = skipped.length === 0;
  return (
    <article
      className="iv-onb-card iv-onb-summary"
      data-testid={complete ? 'questionnaire-summary-complete' : 'questionnaire-summary-incomplete'}
    >
      {progress}
      <h1 className="iv-onb-title" ref={headingRef} tabIndex={-1}>
        {complete ? t('summary.completeTitle') : t('summary.incompleteTitle')}
      </h1>
      <div className="iv-onb-prose">
        {complete ? (
          <p>{t('summary.completeBody', { total: TOTAL_STEPS })}</p>
        ) : (
          <p>{t('summary.incompleteBody', { skipped: skipped.length, total: TOTAL_STEPS })}</p>
        )}
        <p>{t('summary.readOnlyNote')}</p>
      </div>
      {!complete && (
        <section className="iv-onb-skipped" aria-labelledby="iv-onb-skipped-title">
          <h2 id="iv-onb-skipped-title" className="iv-onb-questions__title">
            {t('summary.skippedTitle')}
          </h2>
          <ul className="iv-onb-skipped__list">
            {skipped.map((step) => (
              <li key={step} className="iv-onb-skipped__item">
                <span>
                  <span className="iv-onb-skipped__step">{t('summary.stepNumber', { step })}</span>{' '}
                  {titles.get(step)}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onGoToStep(step)}
                  aria-label={t('summary.goBackTo', { step, title: titles.get(step) ?? '' })}
                >
                  {t('summary.goBack')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="iv-onb-review" aria-labelledby="iv-onb-review-title">
        <h2 id="iv-onb-review-title" className="iv-onb-questions__title">
          {t('summary.answersTitle')}
        </h2>
        <QuestionnaireAnswers steps={answered} headingLevel={3} />
      </section>
      {submitFailed && <Alert variant="error">{t('summary.submitFailed')}</Alert>}
      <div className="iv-onb-actions">
        <Button variant="secondary" onClick={() => onGoToStep(TOTAL_STEPS)}>
          {t('stepper.back')}
        </Button>
        <Button variant="ghost" onClick={onFinishLater}>
          {t('stepper.finishLater')}
        </Button>
        <Button variant="primary" className="iv-onb-actions__main" onClick={onSubmit} loading={submitting}>
          {complete ? t('summary.submit') : t('summary.submitAsIs')}
        </Button>
      </div>
    </article>
  );
}
