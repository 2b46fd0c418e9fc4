import { QUESTIONNAIRE_STEPS } from '@innerview/contracts';

/** A saved answer as progress sees it: its step and whether it counts (non-blank). */
export interface SavedStep {
  step: number;
  answered: boolean;
}

const allSteps = Array.from({ length: QUESTIONNAIRE_STEPS }, (_, i) => i + 1);

/** Steps with a non-blank answer, in order. */
export function answeredSteps(saved: readonly SavedStep[]): number[] {
  const answered = new Set(saved.filter((s) => s.answered).map((s) => s.step));
  return allSteps.filter((step) => answered.has(step));
}

/** docs/product.md#questionnaire-progress: the first of steps 1–8 without a non-blank answer, or 8 when all are answered. */
export function nextStep(saved: readonly SavedStep[]): number {
  const answered = new Set(answeredSteps(saved));
  return allSteps.find((step) => !answered.has(step)) ?? QUESTIONNAIRE_STEPS;
}

/** docs/product.md#questionnaire-progress: complete when all 8 steps have a non-blank answer. */
export function isComplete(saved: readonly SavedStep[]): boolean {
  return answeredSteps(saved).length === QUESTIONNAIRE_STEPS;
}

/** Before submission: the steps the person passed with a blank answer (a saved blank is a skip). */
export function skippedSoFar(saved: readonly SavedStep[]): number[] {
  const skipped = new Set(saved.filter((s) => !s.answered).map((s) => s.step));
  return allSteps.filter((step) => skipped.has(step));
}

/** At submission: every step without a non-blank answer, saved blank or never opened. */
export function skippedAtSubmission(saved: readonly SavedStep[]): number[] {
  const answered = new Set(answeredSteps(saved));
  return allSteps.filter((step) => !answered.has(step));
}
