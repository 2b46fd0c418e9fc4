import { MAX_ANSWER_LENGTH } from '@innerview/contracts';

/** Characters as a person counts them: Unicode code points, so an emoji is one, not two. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Blank: nothing but white space and invisible format characters (zero-width space, joiners),
 * which look empty on screen and so must not count as an answer.
 */
export function isBlank(text: string): boolean {
  return /^[\s\p{Cf}]*$/u.test(text);
}

export type AnswerCheck =
  | { ok: true; text: string; answered: boolean }
  | { ok: false; problem: 'too_long'; length: number };

/** docs/product.md#questionnaire-answers: trimmed, at most 1900 characters; blank is allowed and counts as not answered. */
export function checkAnswer(raw: string): AnswerCheck {
  const text = raw.trim();
  const length = characterCount(text);
  if (length > MAX_ANSWER_LENGTH) return { ok: false, problem: 'too_long', length };
  return { ok: true, text, answered: !isBlank(text) };
}
