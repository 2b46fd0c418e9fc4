import { normaliseForSafety } from '../clauses.ts';
import { words } from './features.ts';
import { MIN_WORDS_FOR_THE_SCORE } from './short-messages.ts';

/**
 * The parts of a message the learned model can also be asked about one by one (ADR 89): its
 * sentences, each joined with the ones after it until it has as many words as the score is taken
 * on (`MIN_WORDS_FOR_THE_SCORE`: on fewer the score is mostly the model's bias). A crisis told in
 * one sentence of a longer, ordinary request ("I'd like help planning my week. Honestly I don't
 * see the point of any of it anymore. Also my boss…") weighs a third of the message's features;
 * alone it weighs all of them. Empty when the message is one such part (the whole is read anyway).
 */
export function sentenceWindows(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?…;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const windows: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (const sentence of sentences) {
    current.push(sentence);
    count += words(normaliseForSafety(sentence)).length;
    if (count >= MIN_WORDS_FOR_THE_SCORE) {
      windows.push(current.join(' '));
      current = [];
      count = 0;
    }
  }
  // A short tail belongs with the part before it ("… I can't anymore. Sorry.").
  if (current.length > 0 && windows.length > 0) windows[windows.length - 1] += ` ${current.join(' ')}`;
  return windows.length > 1 ? windows : [];
}
