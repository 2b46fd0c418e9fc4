import {
  type QuestionnaireRecord,
  type QuestionnaireStepContent,
  useGetAnswersQuery,
  useGetQuestionnaireQuery,
} from './questionnaire-api.ts';
import { isBlankAnswer, stepOfKey } from './questionnaire-rules.ts';
import { useIntroContent } from './use-intro-content.ts';

export type AnsweredStep = QuestionnaireStepContent & { answer: string | null };

export type QuestionnaireRecordView =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'noQuestions' }
  | { state: 'noData'; record: QuestionnaireRecord }
  | { state: 'ready'; record: QuestionnaireRecord; steps: AnsweredStep[] };

/**
 * Everything the viewer and the print view show: the steps in the reader's language, the saved
 * answers and the submitted date, reduced to one of the viewer's states (docs/product.md#questionnaire-errors).
 */
export function useQuestionnaireRecord(): QuestionnaireRecordView {
  const content = useIntroContent();
  const answers = useGetAnswersQuery();
  const record = useGetQuestionnaireQuery();

  if (content.isError || answers.isError || record.isError) {
    return {
      state: 'failed',
      retry: () => {
        if (content.isError) void content.refetch();
        if (answers.isError) void answers.refetch();
        if (record.isError) void record.refetch();
      },
    };
  }
  if (!content.data || !answers.data || !record.data) return { state: 'loading' };
  if (content.data.steps.length === 0) return { state: 'noQuestions' };
  const byStep = new Map<number, string>();
  for (const answer of answers.data) {
    const step = stepOfKey(answer.question_key);
    if (step !== null && !isBlankAnswer(answer.answer_text)) byStep.set(step, answer.answer_text);
  }
  if (byStep.size === 0) return { state: 'noData', record: record.data };
  const steps = content.data.steps.map((step) => ({ ...step, answer: byStep.get(step.step) ?? null }));
  return { state: 'ready', record: record.data, steps };
}
