import type { LanguageCode } from '@innerview/contracts';
import { foldText } from '../language.ts';
import { type Feeling, feelings, phrases } from './phrases.ts';

/**
 * The feelings the person's own words name, in the order they appear, leaving out a feeling word
 * negated by one of the three words before it ("I'm not sad, just bored" names none). With no
 * feeling word there is none: the coach never guesses one from the situation.
 */
export function feelingsIn(text: string, language: LanguageCode): Feeling[] {
  const t = phrases[language];
  const folded = foldText(text);
  const found: { feeling: Feeling; at: number }[] = [];
  for (const feeling of feelings) {
    const pattern = new RegExp(t.feelingWords[feeling].source, 'g');
    for (const match of folded.matchAll(pattern)) {
      // Only the words of the same clause: "no, I'm scared" is not negated.
      const clause =
        folded
          .slice(0, match.index)
          .split(/[,.;:!?\n]/)
          .at(-1) ?? '';
      const before = clause.split(/[^\p{L}']+/u).filter((w) => w !== '');
      if (before.slice(-3).some((word) => t.negation.test(word))) continue;
      found.push({ feeling, at: match.index });
      break;
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.feeling);
}
