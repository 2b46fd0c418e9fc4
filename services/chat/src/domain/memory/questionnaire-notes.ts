import type { LanguageCode, QuestionKey } from '@innerview/contracts';
import type { QuestionnaireAnswer } from '../coach-context.ts';
import { detectTextLanguage } from '../language.ts';
import {
  type MemoryKind,
  type MemoryNote,
  PROPOSED_TEXT_MAX,
  shortenAtWord,
  unfitForMemory,
} from './memory-rules.ts';

/** The questionnaire steps that say something lasting, and the kind of item each gives. */
const stepKinds: Partial<Record<QuestionKey, MemoryKind>> = {
  question_7: 'goal', // Dreams and plans for tomorrow
  question_6: 'helps', // What nourishes me
  question_8: 'value', // What is within me
  question_4: 'person', // My travel companions
};

/** An answer's first sentence (or its start, cut at a word), as one short item. */
function firstSentence(text: string): string {
  const sentence = text.trim().split(/(?<=[.!?…])\s+|\n+/u)[0] ?? '';
  return shortenAtWord(sentence.replace(/[\s.!;…]+$/u, ''), PROPOSED_TEXT_MAX);
}

/**
 * A few items drawn from the questionnaire (docs/product.md#memory): one per lasting step the
 * person answered, the answer's first sentence; an answer with heavy words gives none.
 */
export function questionnaireNotes(answers: QuestionnaireAnswer[], fallback: LanguageCode): MemoryNote[] {
  const notes: MemoryNote[] = [];
  for (const [key, kind] of Object.entries(stepKinds) as Array<[QuestionKey, MemoryKind]>) {
    const answer = answers.find((a) => a.questionKey === key);
    if (!answer || answer.answerText.trim().length < 3) continue;
    const language = detectTextLanguage(answer.answerText) ?? fallback;
    if (unfitForMemory(answer.answerText, language)) continue;
    const text = firstSentence(answer.answerText);
    if (text.length >= 3) notes.push({ kind, text });
  }
  return notes;
}
