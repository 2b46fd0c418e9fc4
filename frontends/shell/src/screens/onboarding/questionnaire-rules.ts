/**
 * Pure rules of the onboarding questionnaire on the client (docs/product.md#questionnaire-progress, docs/product.md#input-rules, docs/product.md#numbers-and-limits), in step with the
 * questionnaire service (services/questionnaire/README.md). Kept free of React and the API.
 */

/** docs/product.md#people-and-inputs: 8 steps. (The contracts package has the same constants, but it pulls in zod.) */
export const TOTAL_STEPS = 8;
/** docs/product.md#questionnaire-answers, docs/product.md#people-and-inputs: at most 1900 characters per answer. */
export const MAX_ANSWER_LENGTH = 1900;
/** The counter warns from here on (the last 10 %): enough room left to finish a sentence. */
export const WARN_ANSWER_LENGTH = Math.floor(MAX_ANSWER_LENGTH * 0.9);

export const STEPS: readonly number[] = Array.from({ length: TOTAL_STEPS }, (_, i) => i + 1);

/** `?step=summary` is the summary after step 8 (complete or incomplete), so reload keeps it too. */
export const SUMMARY_STEP = 'summary';

export type StepParam = { kind: 'step'; step: number } | { kind: 'summary' } | { kind: 'none' };

/** Reads `?step=`: a whole number 1–8, `summary`, or nothing usable. */
export function parseStepParam(value: string | null): StepParam {
  if (value === SUMMARY_STEP) return { kind: 'summary' };
  if (value === null || !/^[1-9]\d*$/.test(value)) return { kind: 'none' };
  const step = Number(value);
  return step <= TOTAL_STEPS ? { kind: 'step', step } : { kind: 'none' };
}

export function questionKeyOf(step: number): string {
  return `question_${step}`;
}

export function stepOfKey(key: string): number | null {
  const match = /^question_([1-8])$/.exec(key);
  return match ? Number(match[1]) : null;
}

/**
 * Characters as the server counts them: Unicode code points of the trimmed text, so an emoji is
 * one and trailing blanks (which the server trims) never push an answer over the limit.
 */
export function answerLength(text: string): number {
  return [...text.trim()].length;
}

/** White space and invisible format characters only: the server stores such an answer as skipped. */
export function isBlankAnswer(text: string): boolean {
  return /^[\s\p{Cf}]*$/u.test(text);
}

export function isOverLimit(text: string): boolean {
  return answerLength(text) > MAX_ANSWER_LENGTH;
}

/** A step's saved state: answered earlier, saved blank (skipped), or never saved. */
export type StepState = 'answered' | 'skipped' | 'unsaved';

export function stepStates(saved: ReadonlyMap<number, string>): Map<number, StepState> {
  return new Map(
    STEPS.map((step) => {
      const text = saved.get(step);
      const state: StepState = text === undefined ? 'unsaved' : isBlankAnswer(text) ? 'skipped' : 'answered';
      return [step, state];
    }),
  );
}

/** Steps without a non-blank answer: what submitting now would record as skipped. */
export function unansweredSteps(saved: ReadonlyMap<number, string>): number[] {
  return STEPS.filter((step) => isBlankAnswer(saved.get(step) ?? ''));
}

/** docs/product.md#questionnaire-progress: complete when all 8 steps have a non-blank answer. */
export function isQuestionnaireComplete(saved: ReadonlyMap<number, string>): boolean {
  return unansweredSteps(saved).length === 0;
}

/** docs/product.md#questionnaire-progress: the first step without a non-blank answer, or 8 when all are answered. */
export function nextStep(saved: ReadonlyMap<number, string>): number {
  return unansweredSteps(saved)[0] ?? TOTAL_STEPS;
}

/** Whether a draft must be sent: it differs from what the server has, or the step was never saved. */
export function needsSave(
  draft: string,
  saved: string | undefined,
  { saveUnsavedBlank = true } = {},
): boolean {
  if (saved === undefined) return saveUnsavedBlank || !isBlankAnswer(draft);
  return draft.trim() !== saved.trim();
}
