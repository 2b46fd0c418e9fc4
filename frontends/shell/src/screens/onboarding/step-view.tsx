import { Alert, Button } from '@innerview/ui';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerField } from './answer-field.tsx';
import type { QuestionnaireStepContent } from './questionnaire-api.ts';
import { type StepState, TOTAL_STEPS } from './questionnaire-rules.ts';

export type StepAction = 'back' | 'next' | 'later' | 'summary';

export type StepViewProps = {
  content: QuestionnaireStepContent;
  /** What the server holds for this step: the 'previously answered' or 'skipped' marker. */
  savedState: StepState;
  draft: string;
  onDraftChange: (text: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
  textareaRef: Ref<HTMLTextAreaElement>;
  saveFailed: boolean;
  /** The action whose save is running: its button shows busy (and keeps focus). */
  pending: StepAction | null;
  /** Shown once the person has reached the summary: straight back to it. */
  onSummary?: () => void;
  onBack?: () => void;
  onNext: () => void;
  onFinishLater: () => void;
  progress: ReactNode;
};

/** One step of the questionnaire: where it stands, its questions, the answer box, the way on. */
export function StepView({
  content,
  savedState,
  draft,
  onDraftChange,
  headingRef,
  textareaRef,
  saveFailed,
  pending,
  onSummary,
  onBack,
  onNext,
  onFinishLater,
  progress,
}: StepViewProps) {
  const { t } = useTranslation('onboarding');
  const last = content.step === TOTAL_STEPS;
  const questionsId = `iv-onb-questions-${content.step}`;
  const stepOf = t('stepper.stepOf', { step: content.step, total: TOTAL_STEPS });
  return (
    <article className="iv-onb-card iv-onb-step" data-testid="questionnaire-step" data-step={content.step}>
      {progress}
      <header className="iv-onb-step__header">
        {/* Focused on every step change, so a screen reader says "Step 3 of 8: …". The label
            fixes that name: browsers differ in how they join the two lines of the heading. */}
        <h1
          className="iv-onb-title"
          ref={headingRef}
          tabIndex={-1}
          aria-label={`${stepOf}: ${content.title}`}
        >
          <span className="iv-onb-eyebrow">{stepOf}</span>
          <span className="iv-onb-title__text">{content.title}</span>
        </h1>
        {savedState !== 'unsaved' && (
          <p className="iv-onb-marker" data-state={savedState}>
            <span aria-hidden="true">{savedState === 'answered' ? '✓' : '–'}</span>
            {savedState === 'answered' ? t('stepper.previouslyAnswered') : t('stepper.skipped')}
          </p>
        )}
        <p className="iv-onb-step__description">{content.description}</p>
      </header>
      <section className="iv-onb-questions" aria-labelledby={questionsId}>
        <h2 id={questionsId} className="iv-onb-questions__title">
          {t('stepper.guidingQuestions')}
        </h2>
        <ul>
          {content.questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ul>
      </section>
      <AnswerField value={draft} onChange={onDraftChange} textareaRef={textareaRef} />
      {saveFailed && <Alert variant="error">{t('stepper.saveFailed')}</Alert>}
      <div className="iv-onb-actions">
        {onBack && (
          <Button variant="secondary" onClick={onBack} loading={pending === 'back'}>
            {t('stepper.back')}
          </Button>
        )}
        <Button variant="ghost" onClick={onFinishLater} loading={pending === 'later'}>
          {t('stepper.finishLater')}
        </Button>
        {onSummary && !last && (
          <Button variant="secondary" onClick={onSummary} loading={pending === 'summary'}>
            {t('stepper.toSummary')}
          </Button>
        )}
        <Button
          variant="primary"
          className="iv-onb-actions__main"
          onClick={onNext}
          loading={pending === 'next'}
        >
          {last ? t('stepper.review') : t('stepper.next')}
        </Button>
      </div>
    </article>
  );
}
