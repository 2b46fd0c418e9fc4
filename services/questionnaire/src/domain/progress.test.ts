import { describe, expect, it } from 'vitest';
import { checkAnswer } from './answer-rules.ts';
import {
  answeredSteps,
  isComplete,
  nextStep,
  type SavedStep,
  skippedAtSubmission,
  skippedSoFar,
} from './progress.ts';

/** Saved answers as the service stores them: each text through the same check as POST /answers/. */
function saved(texts: Record<number, string>): SavedStep[] {
  return Object.entries(texts).map(([step, text]) => {
    const checked = checkAnswer(text);
    if (!checked.ok) throw new Error(`step ${step} would be refused`);
    return { step: Number(step), answered: checked.answered };
  });
}
const all = (text: string) => saved(Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((s) => [s, text])));

describe('next step (docs/product.md#questionnaire-progress: the first of 1–8 without a non-blank answer, or 8)', () => {
  it('is 1 with nothing saved', () => {
    expect(nextStep([])).toBe(1);
  });

  it('is the first gap, not the step after the last answer', () => {
    expect(nextStep(saved({ 1: 'a', 2: 'b', 3: 'c' }))).toBe(4);
    expect(nextStep(saved({ 1: 'a', 3: 'c', 4: 'd' }))).toBe(2);
    expect(nextStep(saved({ 2: 'b', 3: 'c' }))).toBe(1);
  });

  it('treats a blank or whitespace-only answer as not answered', () => {
    expect(nextStep(saved({ 1: 'a', 2: '', 3: 'c' }))).toBe(2);
    expect(nextStep(saved({ 1: 'a', 2: '   \n\t ', 3: 'c' }))).toBe(2);
    expect(nextStep(saved({ 1: '\u00a0\u200b\u3000' }))).toBe(1);
  });

  it('is 8 when all 8 are answered, and 8 when only step 8 is missing', () => {
    expect(nextStep(all('yes'))).toBe(8);
    expect(nextStep(saved({ 1: 'a', 2: 'b', 3: 'c', 4: 'd', 5: 'e', 6: 'f', 7: 'g' }))).toBe(8);
  });

  it('counts an answer of exactly 1900 characters', () => {
    expect(nextStep(saved({ 1: 'x'.repeat(1900) }))).toBe(2);
  });
});

describe('completeness (docs/product.md#questionnaire-progress: all 8 non-blank)', () => {
  it('is complete with 8 non-blank answers, even 1900 characters long', () => {
    expect(isComplete(all('x'.repeat(1900)))).toBe(true);
    expect(answeredSteps(all('ok'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('is not complete with nothing, 7 answers, a blank one or a whitespace-only one', () => {
    expect(isComplete([])).toBe(false);
    expect(isComplete(saved({ 1: 'a', 2: 'b', 3: 'c', 4: 'd', 5: 'e', 6: 'f', 7: 'g' }))).toBe(false);
    expect(isComplete(saved({ 1: 'a', 2: 'b', 3: 'c', 4: 'd', 5: '', 6: 'f', 7: 'g', 8: 'h' }))).toBe(false);
    expect(isComplete(saved({ 1: 'a', 2: 'b', 3: 'c', 4: 'd', 5: 'e', 6: 'f', 7: 'g', 8: '  ' }))).toBe(
      false,
    );
  });

  it('cannot include a 1901-character answer: it is refused before it is saved', () => {
    expect(checkAnswer('x'.repeat(1901))).toEqual({ ok: false, problem: 'too_long', length: 1901 });
    expect(() => saved({ 1: 'x'.repeat(1901) })).toThrow('would be refused');
  });
});

describe('skipped steps', () => {
  it('before submission: the steps saved blank (passed without writing)', () => {
    expect(skippedSoFar(saved({ 1: 'a', 2: '', 3: '  ', 4: 'd' }))).toEqual([2, 3]);
    expect(skippedSoFar([])).toEqual([]);
  });

  it('at submission: every step without a non-blank answer, saved blank or never opened', () => {
    expect(skippedAtSubmission(saved({ 1: 'a', 2: '', 4: 'd' }))).toEqual([2, 3, 5, 6, 7, 8]);
    expect(skippedAtSubmission(all('done'))).toEqual([]);
    expect(skippedAtSubmission([])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
