import './onboarding.css';
import { useGetQuestionnaireStatusQuery } from '@innerview/api-client';
import { Alert, useToast } from '@innerview/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { ContentLoadFailed, OnboardingLoading } from './content-states.tsx';
import {
  useGetAnswersQuery,
  useSetQuestionnaireStatusMutation,
  useSubmitQuestionnaireMutation,
} from './questionnaire-api.ts';
import {
  isOverLimit,
  parseStepParam,
  SUMMARY_STEP,
  stepStates,
  TOTAL_STEPS,
  unansweredSteps,
} from './questionnaire-rules.ts';
import { StepProgress } from './step-progress.tsx';
import { type StepAction, StepView } from './step-view.tsx';
import { SummaryView } from './summary-view.tsx';
import { useAnswerDrafts } from './use-answer-drafts.ts';
import { useIntroContent } from './use-intro-content.ts';
import { useMarkOnboardingCompleted } from './use-mark-onboarding-completed.ts';

type Target = number | typeof SUMMARY_STEP;

/**
 * `/onboarding/questionnaire?step=N`: the 8-step stepper and its summary (docs/product.md#onboarding-screens, docs/product.md#questionnaire-progress). The step
 * lives in the URL, so reload, Back and Forward work; each step's answer is saved when the person
 * moves on (Next, Back, finish later, or the browser's own Back/Forward).
 */
export function QuestionnairePage() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const param = parseStepParam(params.get('step'));
  const current = param.kind === 'step' ? param.step : null;

  const content = useIntroContent();
  const answers = useGetAnswersQuery();
  const status = useGetQuestionnaireStatusQuery();
  const progress = status.data;
  const drafts = useAnswerDrafts(answers.data, answers.isSuccess);
  const [setStatus] = useSetQuestionnaireStatusMutation();
  const [submitQuestionnaire, submission] = useSubmitQuestionnaireMutation();
  const markOnboardingCompleted = useMarkOnboardingCompleted();

  const [pending, setPending] = useState<StepAction | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const [submitFailed, setSubmitFailed] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const steps = content.data?.steps ?? [];
  const titles = useMemo(() => new Map(steps.map((s) => [s.step, s.title])), [steps]);
  const states = stepStates(drafts.saved);
  const stepContent = current === null ? undefined : steps.find((s) => s.step === current);

  const goTo = (target: Target, { replace = false } = {}) => {
    setSaveFailed(false);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('step', String(target));
        return next;
      },
      { replace },
    );
  };

  // No usable ?step=: resume where the person stopped (docs/product.md#how-things-change-over-time), or the summary when all is answered.
  const resolving = param.kind === 'none';
  const statusSettled = !status.isLoading;
  // biome-ignore lint/correctness/useExhaustiveDependencies: goTo only writes the URL.
  useEffect(() => {
    if (!resolving || !statusSettled) return;
    goTo(progress?.is_complete ? SUMMARY_STEP : (progress?.next_step ?? 1), { replace: true });
  }, [resolving, statusSettled, progress?.is_complete, progress?.next_step]);

  // A step change announces itself: focus goes to the new heading ("Step 3 of 8: …").
  const viewKey = params.get('step');
  const firstView = useRef(true);
  useEffect(() => {
    if (viewKey === null) return;
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [viewKey]);

  // The browser's own Back/Forward leaves a step without our buttons: save what was typed there.
  const saveRef = useRef(drafts.save);
  saveRef.current = drafts.save;
  const previousStep = useRef<number | null>(current);
  useEffect(() => {
    const previous = previousStep.current;
    previousStep.current = current;
    if (previous === null || previous === current) return;
    void saveRef.current(previous).then((outcome) => {
      if (outcome === 'failed') toast({ title: t('stepper.saveFailed'), variant: 'destructive' });
    });
  }, [current, toast, t]);

  // Typed text not saved yet: the browser asks before the page closes or reloads.
  const dirty = current !== null && drafts.isDirty(current);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Reaching the summary means reaching the end of the stepper: the server records `completed`.
  const onSummary = param.kind === 'summary';
  const serverStatus = progress?.status;
  useEffect(() => {
    if (!onSummary) return;
    setReviewing(true);
    if (serverStatus === 'not_started' || serverStatus === 'in_progress')
      void setStatus({ status: 'completed' });
  }, [onSummary, serverStatus, setStatus]);

  const title =
    param.kind === 'summary'
      ? t('summary.documentTitle')
      : stepContent
        ? `${t('stepper.stepOf', { step: stepContent.step, total: TOTAL_STEPS })}: ${stepContent.title}`
        : t('stepper.title');
  useDocumentTitle(title);

  const alreadySubmitted = () => {
    toast({ title: t('stepper.alreadySubmitted') });
    markOnboardingCompleted();
    navigate(PATHS.chat, { replace: true });
  };

  /** Saves the current step, then goes on; a failure keeps the person here with the message. */
  const leaveStep = async (action: StepAction, then: () => void) => {
    if (current === null || pending) return;
    if (isOverLimit(drafts.draftOf(current))) {
      textareaRef.current?.focus();
      return;
    }
    setPending(action);
    setSaveFailed(false);
    const outcome = await drafts.save(current, { moveOn: action === 'next' || action === 'summary' });
    setPending(null);
    if (outcome === 'failed') return setSaveFailed(true);
    if (outcome === 'tooLong') return textareaRef.current?.focus();
    if (outcome === 'submitted') return alreadySubmitted();
    then();
  };

  const backToStep = (step: number) => {
    // Going back from the end: the stepper is no longer "completed" until the end is reached again.
    if (serverStatus === 'completed') void setStatus({ status: 'in_progress' });
    goTo(step);
  };

  const submit = async () => {
    setSubmitFailed(false);
    try {
      await submitQuestionnaire().unwrap();
    } catch {
      setSubmitFailed(true);
      return;
    }
    toast({ title: t('summary.submitted'), variant: 'success' });
    // The chat's first new conversation is opened by the coach from these answers.
    navigate(PATHS.chat, { replace: true, state: { coachOpening: 'expected' } });
    markOnboardingCompleted();
  };

  if (content.isError) return <ContentLoadFailed onRetry={() => void content.refetch()} />;
  if (!content.data || answers.isLoading || resolving) return <OnboardingLoading />;

  const answersWarning = answers.isError ? (
    <Alert variant="warning" className="iv-onb-page__alert">
      {t('stepper.answersLoadFailed')}
    </Alert>
  ) : null;
  const progressBar = <StepProgress current={current} states={states} titles={titles} />;

  if (param.kind === 'summary') {
    return (
      <div className="iv-onb-page">
        {answersWarning}
        <SummaryView
          titles={titles}
          skipped={unansweredSteps(drafts.saved)}
          answered={steps.map((s) => ({ ...s, answer: drafts.saved.get(s.step)?.trim() || null }))}
          headingRef={headingRef}
          onGoToStep={backToStep}
          onSubmit={() => void submit()}
          onFinishLater={() => navigate(PATHS.chat)}
          submitting={submission.isLoading}
          submitFailed={submitFailed}
          progress={progressBar}
        />
      </div>
    );
  }

  if (!stepContent || current === null) return <ContentLoadFailed onRetry={() => void content.refetch()} />;
  return (
    <div className="iv-onb-page">
      {answersWarning}
      <StepView
        key={current}
        content={stepContent}
        savedState={states.get(current) ?? 'unsaved'}
        draft={drafts.draftOf(current)}
        onDraftChange={(text) => drafts.setDraft(current, text)}
        headingRef={headingRef}
        textareaRef={textareaRef}
        saveFailed={saveFailed}
        pending={pending}
        onBack={current > 1 ? () => void leaveStep('back', () => goTo(current - 1)) : undefined}
        onNext={() => void leaveStep('next', () => goTo(current < TOTAL_STEPS ? current + 1 : SUMMARY_STEP))}
        onSummary={
          reviewing || serverStatus === 'completed'
            ? () => void leaveStep('summary', () => goTo(SUMMARY_STEP))
            : undefined
        }
        onFinishLater={() => void leaveStep('later', () => navigate(PATHS.chat))}
        progress={progressBar}
      />
    </div>
  );
}
