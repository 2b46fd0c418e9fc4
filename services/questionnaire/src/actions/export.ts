import { stepOf } from '@innerview/contracts';
import { contentByLanguage } from '../domain/content/index.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';
import { listAnswers } from './answers.ts';
import { getQuestionnaire } from './progress.ts';

/**
 * The person's questionnaire for their data export (ADR 17): where they stand and every saved
 * answer, decrypted, with the step's title (English, the default language) so the file reads on
 * its own. Someone who never started it gets the not-started status and no answers.
 */
export async function exportQuestionnaire(
  qc: QuestionnaireContext,
  userId: string,
): Promise<Record<string, unknown>> {
  const [questionnaire, answers] = await Promise.all([getQuestionnaire(qc, userId), listAnswers(qc, userId)]);
  return {
    questionnaire,
    answers: answers.map((answer) => {
      const step = stepOf(answer.question_key);
      return { step, step_title: contentByLanguage.en.steps[step - 1]?.title ?? null, ...answer };
    }),
  };
}
