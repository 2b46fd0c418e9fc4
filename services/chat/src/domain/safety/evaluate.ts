import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { detectCrisis } from './detector.ts';
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
