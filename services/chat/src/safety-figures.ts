// The figures of docs/safety.md's generated part, measured on every set (used by the report and by
// the test that keeps the document up to date).
import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { turnsIn } from './domain/offline-coach/conversations.fixtures.ts';
import { assessWithoutShortMessageRule } from './domain/safety/assess.ts';
import { coachingTalk } from './domain/safety/coaching-talk.ts';
import { detectCrisis } from './domain/safety/detector.ts';
import {
  type Decide,
  evaluateOtherSet,
  evaluateRiskCues,
  evaluateTiers,
  productDecision,
} from './domain/safety/evaluate.ts';
import { everydayCheck } from './domain/safety/everyday-check.ts';
import { heldOutSet } from './domain/safety/held-out-set.ts';
import stored from './domain/safety/learned/model.json' with { type: 'json' };
import type { SafetyFigures } from './domain/safety/report.ts';
import { hasRiskCue } from './domain/safety/risk-cues.ts';
import type { SafetyCase } from './domain/safety/test-set.ts';
import { safetyTestSet } from './domain/safety/test-set.ts';
import { readEvaluation, readOpenings } from './safety-corpus.ts';

/** The learned score and thresholds alone, without the short-message rule (never answers anyone). */
const modelAlone: Decide = (text, language) => assessWithoutShortMessageRule(text, language).tier;

/**
 * The gate added at the merge of 2026-11-26 and removed since (docs/safety.md): the learned tier
 * counted only with a rule's hit or a risk cue beside it. Measured for the record.
 */
const mergeGate: Decide = (text, language) => {
  const a = assessWithoutShortMessageRule(text, language);
  return a.category !== null || hasRiskCue(text) ? a.tier : 'none';
};

const rulesAlone: Decide = (text) => (detectCrisis(text) === null ? 'none' : 'possible');

export function safetyFigures(): SafetyFigures {
  const evaluation = readEvaluation();
  const asCases = Object.fromEntries(
    languageCodes.map((l) => [
      l,
      evaluation
        .filter((c) => c.lang === l)
        .map((c): SafetyCase => ({ text: c.text, expected: c.tier === 'none' ? null : 'suicidal_thoughts' })),
    ]),
  ) as Record<LanguageCode, SafetyCase[]>;
  const falseAlarms = (texts: string[], language: LanguageCode) => {
    const alarms = (decide: Decide) => texts.filter((t) => decide(t, language) !== 'none').length;
    return {
      language,
      messages: texts.length,
      product: alarms(productDecision),
      modelAlone: alarms(modelAlone),
      mergeGate: alarms(mergeGate),
      rules: alarms(rulesAlone),
    };
  };
  const everyday = languageCodes.map((language) =>
    falseAlarms(
      [...everydayCheck[language], ...coachingTalk.filter((m) => m.language === language).map((m) => m.text)],
      language,
    ),
  );
  // Every turn of the offline coach's thirty conversations (job, sleep, family, moving...): what
  // people write to a coach mid-conversation, often with feeling; none is a crisis.
  const conversationTurns = languageCodes.map((language) => falseAlarms(turnsIn(language), language));
  // The first messages of coaching conversations (ADR 95): counted like the turns, the calm ones
  // and, apart, the few crises written in the same register.
  const openings = readOpenings();
  const conversationOpenings = {
    calm: languageCodes.map((language) => falseAlarms(openings[language].calm, language)),
    crisis: languageCodes.map((language) => falseAlarms(openings[language].crisis, language)),
  };
  return {
    evaluation: evaluateTiers(evaluation, productDecision),
    modelAlone: evaluateTiers(evaluation, modelAlone),
    mergeGate: evaluateTiers(evaluation, mergeGate),
    testSet: evaluateOtherSet(safetyTestSet),
    heldOut: evaluateOtherSet(heldOutSet),
    everyday,
    conversationTurns,
    conversationOpenings,
    validation: (stored.trainedOn as { validation: SafetyFigures['validation'] }).validation,
    cues: { evaluation: evaluateRiskCues(asCases) },
  };
}
