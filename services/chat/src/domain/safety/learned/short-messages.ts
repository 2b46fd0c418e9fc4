import { normaliseForSafety } from '../clauses.ts';
import { words } from './features.ts';
import type { RuleView } from './signals.ts';

/**
 * The fewest words on which the learned model's score is taken as it is. A message of a few words
 * gives the model almost no features, so its score is mostly its bias, learned from a corpus in
 * which nearly every short message was a crisis ("sur le pont. adieu"): "Hello, are you there?"
 * and "danke" looked acute, and once short calm messages were added to the training, "Voglio
 * morire." looked calm. So on a short message the score is not evidence on its own either way:
 * a rule hit flags it with the acute reply, as the rules did before the model (the model's split
 * between acute and possible is no better than its score there), a risk cue lets the score
 * decide, and with neither it is not flagged. Chosen on the training writers' messages (never the evaluation set):
 * of their ~2,800 crisis messages, 9 have fewer than six words and neither a rule hit nor a risk
 * cue (`npm run safety-train` prints what the rule costs on validation).
 */
export const MIN_WORDS_FOR_THE_SCORE = 6;

/** Fewer words than the score is taken alone on. */
export function isShortMessage(text: string): boolean {
  return words(normaliseForSafety(text)).length < MIN_WORDS_FOR_THE_SCORE;
}

/**
 * The score the product compares with the language's threshold: the model's (with the rule
 * factor) on a message of enough words; on a short one, 1 with a rule hit, the model's with a risk
 * cue, else 0. (On a short message with a rule hit the rules also give the tier: `assess.ts`.)
 */
export function decidingScore(text: string, rules: RuleView, modelScore: number): number {
  if (!isShortMessage(text)) return modelScore;
  if (rules.category !== null) return 1;
  return rules.signals.includes('cue') ? modelScore : 0;
}
