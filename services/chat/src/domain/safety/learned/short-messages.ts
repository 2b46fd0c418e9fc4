import { normaliseForSafety } from '../clauses.ts';
import { type ShortAcuteHit, shortAcuteHit } from '../short-acute.ts';
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
 * Fewer words than this, the short acute word groups (`short-acute.ts`: "took them all. bye",
 * "this is my last message") give the acute reply like a rule hit, whatever the score. They name
 * no death and no method, so neither the rules nor, on so few words, the model catch them. The
 * bound is above the six words of the score so that "je les ai toutes prises. adieu" (six) is met
 * like "le ho prese tutte. addio" (five); in a longer message the same words are more often apart
 * and unrelated ("this is my last message before the holidays, back in two weeks"), and the model
 * reads them there. No training writer's message under ten words hits the groups, crisis or calm
 * (the corpus has few: about 300); the unit tests hold the messages they are for.
 */
export const MAX_WORDS_FOR_SHORT_ACUTE = 9;

/** The short acute signal of a message of at most nine words (`short-acute.ts`), or null. */
export function shortMessageSignal(text: string): ShortAcuteHit | null {
  const count = words(normaliseForSafety(text)).length;
  return count <= MAX_WORDS_FOR_SHORT_ACUTE ? shortAcuteHit(text) : null;
}

/**
 * The score the product compares with the language's threshold: 1 with a short acute signal;
 * else the model's (with the rule factor) on a message of enough words; on a short one, 1 with a
 * rule hit, the model's with a risk cue, else 0. (With a short acute signal, or on a short message
 * with a rule hit, the tier is acute: `assess.ts`.)
 */
export function decidingScore(text: string, rules: RuleView, modelScore: number): number {
  if (shortMessageSignal(text) !== null) return 1;
  if (!isShortMessage(text)) return modelScore;
  if (rules.category !== null) return 1;
  return rules.signals.includes('cue') ? modelScore : 0;
}
