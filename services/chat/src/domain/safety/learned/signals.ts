import type { LanguageCode } from '@innerview/contracts';
import { detectTextLanguage } from '../../language.ts';
import { safetyHits } from '../detector.ts';
import { hasRiskCue } from '../risk-cues.ts';
import { type SafetyCategory, safetyCategories } from '../types.ts';

/** What the hand-written layers say about a message. */
export interface RuleView {
  /** The most urgent category the rules found, or null. */
  category: SafetyCategory | null;
  /** The language whose words the rules matched, or null. */
  language: LanguageCode | null;
  /** Features for the learned model: each category hit, any hit, a risk cue. */
  signals: string[];
}

/**
 * The rules' verdict, given to the learned model as features: it learns from the corpus how much
 * to trust a rule hit (precise on direct wording, fooled by some figures of speech) and a risk cue
 * (broad, imprecise).
 */
export function ruleView(text: string): RuleView {
  const hits = safetyHits(text);
  const urgentFirst = [...hits].sort(
    (a, b) => safetyCategories.indexOf(a.category) - safetyCategories.indexOf(b.category),
  );
  const categories = [...new Set(urgentFirst.map((h) => h.category))];
  const signals = categories.map((c) => `rule:${c}`);
  if (hits.length > 0) signals.push('rule:any');
  if (hasRiskCue(text)) signals.push('cue');
  return { category: categories[0] ?? null, language: urgentFirst[0]?.language ?? null, signals };
}

/**
 * The language a message is read in: its own words when they say so clearly, else the language
 * of the rules' hit, else the hint (the person's chosen language; in training, the corpus's label).
 */
export function messageLanguage(text: string, rules: RuleView, hint: LanguageCode): LanguageCode {
  return detectTextLanguage(text) ?? rules.language ?? hint;
}

/**
 * How much a rule hit raises the score. The corpus writers wrote mostly indirect messages, so a
 * bare direct statement ("I want to die.") gets a middling probability from the model alone; the
 * rules know that wording well. A figure of speech the rules fall for ("ugh I want to die, I sent
 * the email to everyone") still scores near zero and stays below the bar. Two since ADR 97 (ten
 * before, never measured; ADR 90 chose two on validation): a plain statement of up to eleven
 * words with a rule hit is flagged anyway (`short-messages.ts`), so the factor acts on longer
 * messages, where a rule's words are more often a figure of speech.
 */
export const RULE_HIT_FACTOR = 2;

/**
 * The score compared with a language's crisis threshold (0 to 1); `factor` other than the
 * product's only in `safety-variants` (ADR 90).
 */
export function crisisScoreOf(probabilities: number[], ruleHit: boolean, factor = RULE_HIT_FACTOR): number {
  const crisis = probabilities[0]! + probabilities[1]!;
  return ruleHit ? Math.min(1, crisis * factor) : crisis;
}
