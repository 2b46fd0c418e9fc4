// The figures of docs/safety.md's generated part, measured on every set (used by the report and by
// the test that keeps the document up to date).
import { languageCodes } from '@innerview/contracts';
import { assessMessage } from './domain/safety/assess.ts';
import { coachingTalk } from './domain/safety/coaching-talk.ts';
import { detectCrisis } from './domain/safety/detector.ts';
import { evaluateOtherSet, evaluateRiskCues, evaluateTiers } from './domain/safety/evaluate.ts';
import { heldOutSet } from './domain/safety/held-out-set.ts';
import stored from './domain/safety/learned/model.json' with { type: 'json' };
import type { SafetyFigures } from './domain/safety/report.ts';
import type { SafetyCase } from './domain/safety/test-set.ts';
import { safetyTestSet } from './domain/safety/test-set.ts';
import { readEvaluation } from './safety-corpus.ts';

export function safetyFigures(): SafetyFigures {
  const evaluation = readEvaluation();
  const asCases = Object.fromEntries(
    languageCodes.map((l) => [
      l,
      evaluation
        .filter((c) => c.lang === l)
        .map((c): SafetyCase => ({ text: c.text, expected: c.tier === 'none' ? null : 'suicidal_thoughts' })),
    ]),
  ) as Record<(typeof languageCodes)[number], SafetyCase[]>;
  return {
    evaluation: evaluateTiers(evaluation),
    testSet: evaluateOtherSet(safetyTestSet),
    heldOut: evaluateOtherSet(heldOutSet),
    coaching: {
      messages: coachingTalk.length,
      falseAlarms: coachingTalk.filter((m) => assessMessage(m.text, m.language).tier !== 'none').length,
      oldFalseAlarms: coachingTalk.filter((m) => detectCrisis(m.text) !== null).length,
    },
    validation: (stored.trainedOn as { validation: SafetyFigures['validation'] }).validation,
    cues: { evaluation: evaluateRiskCues(asCases) },
  };
}
