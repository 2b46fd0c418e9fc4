import { readFileSync } from 'node:fs';
import type { LanguageCode } from '@innerview/contracts';
import { detectTextLanguage } from '../language.ts';
import { featuresOf } from './learned/features.ts';
import stored from './learned/model.json' with { type: 'json' };
import {
  type LinearModel,
  loadModel,
  probabilities,
  type SafetyTier,
  type StoredModel,
} from './learned/model.ts';
import { decidingScore, isShortMessage, shortMessageSignal } from './learned/short-messages.ts';
import { crisisScoreOf, ruleView } from './learned/signals.ts';
import type { SafetyCategory } from './types.ts';

export type { SafetyTier } from './learned/model.ts';

/** What the detector makes of one message (the tier decides the reply; never stored with text). */
export interface SafetyAssessment {
  tier: SafetyTier;
  /** What the rules recognised, when they did (for the reply's wording); null otherwise. */
  category: SafetyCategory | null;
  /** The language of the message (its own words when clear, else the hint). */
  language: LanguageCode;
  /** The score compared with the language's threshold (0 to 1). */
  crisisScore: number;
}

let model: LinearModel | null = null;
/** Read and decoded once, on first use (a few ms): the model ships with the code, no network. */
export function safetyModel(): LinearModel {
  model ??= loadModel(stored as StoredModel, readFileSync(new URL('./learned/weights.bin', import.meta.url)));
  return model;
}

/**
 * How worrying a message is, in three tiers as crisis counsellors sort calls: `acute` (intent,
 * a plan, means at hand, an attempt under way, someone in danger now), `possible` (passive wishes
 * to die, hopelessness, farewells, oblique self-harm, control at home) and `none`.
 *
 * The learned model (`learned/`, trained by `npm run safety-train`) reads character and word
 * n-grams of the folded text and what the hand-written rules say; its crisis score is compared
 * with the threshold chosen for the message's language on validation data. On a message of a
 * few words the score is not taken alone: a rule hit flags it (acute), a risk cue lets the score decide,
 * neither leaves it calm (`learned/short-messages.ts`); a short acute word group ("took them all.
 * bye", "this is my last message": `short-acute.ts`) flags a message of up to nine words (acute). This is the decision the product makes, everywhere (sending, the
 * offline coach, the model check, the report). Pure and local: about a millisecond, no network.
 */
export function assessMessage(text: string, languageHint: LanguageCode): SafetyAssessment {
  return assess(text, languageHint, true);
}

/**
 * The learned score and thresholds without the short-message rule: measured beside the
 * product's decision in docs/safety.md, never used to answer anyone.
 */
export function assessWithoutShortMessageRule(text: string, languageHint: LanguageCode): SafetyAssessment {
  return assess(text, languageHint, false);
}

function assess(text: string, languageHint: LanguageCode, shortMessageRule: boolean): SafetyAssessment {
  const m = safetyModel();
  const rules = ruleView(text);
  const probs = probabilities(m, featuresOf(text, rules.signals, m.buckets));
  const modelScore = crisisScoreOf(probs, rules.category !== null);
  const crisisScore = shortMessageRule ? decidingScore(text, rules, modelScore, m.shortCuedBar) : modelScore;
  const short = shortMessageRule ? shortMessageSignal(text) : null;
  const language = detectTextLanguage(text) ?? rules.language ?? short?.language ?? languageHint;
  const bar = m.thresholds[language];
  if (crisisScore < bar.crisis) return { tier: 'none', category: null, language, crisisScore };
  const acuteShare = probs[0]! / Math.max(1e-9, probs[0]! + probs[1]!);
  // A short message flagged by the rules, or by a short acute signal ("took them all. bye"), gets
  // the acute reply (short-messages.ts).
  const rulesDecide =
    shortMessageRule && (short !== null || (rules.category !== null && isShortMessage(text)));
  const tier =
    rules.category === 'acute_danger' || rulesDecide || acuteShare >= bar.acute ? 'acute' : 'possible';
  return { tier, category: rules.category ?? short?.category ?? null, language, crisisScore };
}
