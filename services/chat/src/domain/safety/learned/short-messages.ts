import { normaliseForSafety } from '../clauses.ts';
import { hasRiskCueBeyondLastWords } from '../risk-cues.ts';
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
 * The most words on which a rule hit flags a message whatever the score (ADR 94). On a plain
 * statement the rules' words are what it says; in a longer message they are more often a figure
 * of speech or someone else's story, which the model reads. Chosen on the training writers'
 * messages: at every length up to eleven words, at least 90 % of those with a rule hit are crises.
 */
export const MAX_WORDS_OF_A_PLAIN_STATEMENT = 11;

/**
 * A short message the score decides: a risk cue beyond last words ("last message": ADR 98, where
 * the short acute groups decide, for they read the words as a farewell standing alone or not) and
 * no rule hit. The score there rests on a few words and is mostly the model's bias (ADR 52).
 */
function isScoredShortMessage(text: string, rules: RuleView): boolean {
  return rules.category === null && rules.signals.includes('cue') && hasRiskCueBeyondLastWords(text);
}

/**
 * A message of under six words the score decides, with no short acute signal: it gets a bar of
 * its own as well as its language's (ADR 97), chosen on validation over these messages alone,
 * pooled over the languages (about 25 calm ones among the validation writers: too few for one per
 * language).
 */
export function isShortCuedMessage(text: string, rules: RuleView): boolean {
  return isShortMessage(text) && shortMessageSignal(text) === null && isScoredShortMessage(text, rules);
}

/**
 * The score the product compares with the language's threshold: 1 with a short acute signal or
 * with a rule hit on at most eleven words; else the model's (with the rule factor) on a message
 * of enough words; on a short one with a risk cue beyond last words, the model's when it reaches
 * `shortCuedBar` (the model's own, ADR 97), else 0; on any other short one, 0. (With a short acute signal,
 * or on a short message with a rule hit, the tier is acute: `assess.ts`.)
 */
export function decidingScore(text: string, rules: RuleView, modelScore: number, shortCuedBar = 0): number {
  if (shortMessageSignal(text) !== null) return 1;
  const count = words(normaliseForSafety(text)).length;
  if (rules.category !== null && count <= MAX_WORDS_OF_A_PLAIN_STATEMENT) return 1;
  if (count >= MIN_WORDS_FOR_THE_SCORE) return modelScore;
  if (!isScoredShortMessage(text, rules)) return 0;
  return modelScore >= shortCuedBar ? modelScore : 0;
}
