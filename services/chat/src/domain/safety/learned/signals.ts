import { safetyHits } from '../detector.ts';
import { hasRiskCue } from '../risk-cues.ts';
import { type SafetyCategory, safetyCategories } from '../types.ts';

/** What the hand-written layers say about a message. */
export interface RuleView {
  /** The most urgent category the rules found, or null. */
  category: SafetyCategory | null;
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
  const categories = [...new Set(hits.map((h) => h.category))].sort(
    (a, b) => safetyCategories.indexOf(a) - safetyCategories.indexOf(b),
  );
  const signals = categories.map((c) => `rule:${c}`);
  if (hits.length > 0) signals.push('rule:any');
  if (hasRiskCue(text)) signals.push('cue');
  return { category: categories[0] ?? null, signals };
}

/**
 * The score compared with a language's crisis threshold: the model's crisis probability, doubled
 * (at most 1) when the rules recognised direct wording, which they know well.
 */
export function crisisScoreOf(probabilities: number[], ruleHit: boolean): number {
  const crisis = probabilities[0]! + probabilities[1]!;
  return ruleHit ? Math.min(1, crisis * 2) : crisis;
}
