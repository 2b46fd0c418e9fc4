import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { detectCrisis } from './detector.ts';
import { hasRiskCue } from './risk-cues.ts';
import type { SafetyCase } from './test-set.ts';

export interface LanguageScore {
  language: LanguageCode;
  positives: number;
  negatives: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** Of the flagged true positives, how many got the expected category. */
  categoryAgreement: number;
  /** The sentences the detector got wrong, for tuning. */
  misses: Array<{ text: string; expected: string | null; got: string | null }>;
}

/** Precision and recall of "is this a crisis message" per language, on a labelled set. */
export function evaluateSafety(set: Record<LanguageCode, SafetyCase[]>): LanguageScore[] {
  return languageCodes.map((language) => {
    const cases = set[language];
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let sameCategory = 0;
    const misses: LanguageScore['misses'] = [];
    for (const c of cases) {
      const got = detectCrisis(c.text)?.category ?? null;
      if (got && c.expected) {
        tp++;
        if (got === c.expected) sameCategory++;
      } else if (got && !c.expected) fp++;
      else if (!got && c.expected) fn++;
      if ((got === null) !== (c.expected === null)) misses.push({ text: c.text, expected: c.expected, got });
    }
    const positives = cases.filter((c) => c.expected !== null).length;
    return {
      language,
      positives,
      negatives: cases.length - positives,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      precision: tp + fp === 0 ? 1 : tp / (tp + fp),
      recall: tp + fn === 0 ? 1 : tp / (tp + fn),
      categoryAgreement: tp === 0 ? 1 : sameCategory / tp,
      misses,
    };
  });
}

/** What the risk-cue pre-filter does on one language of a labelled set (docs/safety.md). */
export interface RiskCueScore {
  language: LanguageCode;
  positives: number;
  negatives: number;
  /** Crisis sentences the rule detector does not flag. */
  ruleMisses: number;
  /** Of those, the ones with a risk cue: the model check would be asked about them. */
  missesCaught: number;
  /** Crisis sentences sent to the model check (a cue and not flagged by the rules). */
  positivesChecked: number;
  /** Other sentences with a risk cue, and those of them the rules do not flag (sent to the check). */
  negativesWithCue: number;
  negativesChecked: number;
  /** The rule detector's misses without any cue: neither layer sees them. */
  uncaught: string[];
}

/** How often the pre-filter would send a message to the model check, per language, on a labelled set. */
export function evaluateRiskCues(set: Record<LanguageCode, SafetyCase[]>): RiskCueScore[] {
  return languageCodes.map((language) => {
    const score: RiskCueScore = {
      language,
      positives: 0,
      negatives: 0,
      ruleMisses: 0,
      missesCaught: 0,
      positivesChecked: 0,
      negativesWithCue: 0,
      negativesChecked: 0,
      uncaught: [],
    };
    for (const c of set[language]) {
      const flagged = detectCrisis(c.text) !== null;
      const cue = hasRiskCue(c.text);
      if (c.expected) {
        score.positives++;
        if (!flagged) {
          score.ruleMisses++;
          if (cue) score.missesCaught++;
          else score.uncaught.push(c.text);
        }
        if (cue && !flagged) score.positivesChecked++;
      } else {
        score.negatives++;
        if (cue) score.negativesWithCue++;
        if (cue && !flagged) score.negativesChecked++;
      }
    }
    return score;
  });
}
