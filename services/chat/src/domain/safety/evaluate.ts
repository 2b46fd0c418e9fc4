import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { assessMessage, type SafetyTier } from './assess.ts';
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
  /** Crisis sentences the detector does not flag. */
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
      const flagged = assessMessage(c.text, language).tier !== 'none';
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

/** One labelled message of the three-tier corpus. */
export interface TierCase {
  text: string;
  lang: LanguageCode;
  tier: SafetyTier;
}

/** A detector's tier for a message: the product's decision, or a variant measured beside it. */
export type Decide = (text: string, language: LanguageCode) => SafetyTier;

/** The product's decision (`assessMessage`, with its short-message rule). */
export const productDecision: Decide = (text, language) => assessMessage(text, language).tier;

/** How the three-tier detector and the old rule detector do on one language of a labelled set. */
export interface TierScore {
  language: LanguageCode;
  acute: number;
  possible: number;
  none: number;
  /** Crisis (acute or possible) against none. */
  precision: number;
  recall: number;
  falseAlarmRate: number;
  /** Per tier: of the messages given this tier, the share that have it; of those that have it, the share given it. */
  tiers: Record<'acute' | 'possible', { precision: number; recall: number; flagged: number }>;
  /** The old rule detector (`detectCrisis`) on the same messages. */
  baseline: { precision: number; recall: number; falseAlarmRate: number };
  misses: Array<{ text: string; expected: SafetyTier; got: SafetyTier }>;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

/** Precision, recall and false alarms per language and tier, with the old detector beside. */
export function evaluateTiers(cases: TierCase[], decide: Decide = productDecision): TierScore[] {
  return languageCodes
    .filter((language) => cases.some((c) => c.lang === language))
    .map((language) => {
      const mine = cases.filter((c) => c.lang === language);
      const got = mine.map((c) => decide(c.text, language));
      const old = mine.map((c) => detectCrisis(c.text) !== null);
      const isCrisis = mine.map((c) => c.tier !== 'none');
      const count = (pred: (i: number) => boolean) => mine.filter((_, i) => pred(i)).length;
      const positives = count((i) => isCrisis[i]!);
      const negatives = mine.length - positives;
      const tp = count((i) => isCrisis[i]! && got[i] !== 'none');
      const fp = count((i) => !isCrisis[i]! && got[i] !== 'none');
      const oldTp = count((i) => isCrisis[i]! && old[i]!);
      const oldFp = count((i) => !isCrisis[i]! && old[i]!);
      const tierFigures = (tier: 'acute' | 'possible') => {
        const given = count((i) => got[i] === tier);
        const right = count((i) => got[i] === tier && mine[i]!.tier === tier);
        const having = count((i) => mine[i]!.tier === tier);
        return {
          precision: ratio(right, given),
          recall: ratio(
            count((i) => mine[i]!.tier === tier && got[i] !== 'none'),
            having,
          ),
          flagged: given,
        };
      };
      return {
        language,
        acute: count((i) => mine[i]!.tier === 'acute'),
        possible: count((i) => mine[i]!.tier === 'possible'),
        none: negatives,
        precision: ratio(tp, tp + fp),
        recall: ratio(tp, positives),
        falseAlarmRate: ratio(fp, negatives),
        tiers: { acute: tierFigures('acute'), possible: tierFigures('possible') },
        baseline: {
          precision: ratio(oldTp, oldTp + oldFp),
          recall: ratio(oldTp, positives),
          falseAlarmRate: ratio(oldFp, negatives),
        },
        misses: mine
          .map((c, i) => ({ text: c.text, expected: c.tier, got: got[i]! }))
          .filter((m) => (m.expected === 'none') !== (m.got === 'none')),
      };
    });
}

/** The detector and the old rule detector on a set that is not three-tier labelled. */
export interface OtherSetScore {
  language: LanguageCode;
  crisis: number;
  other: number;
  recall: number;
  falseAlarms: number;
  oldRecall: number;
  oldFalseAlarms: number;
}

/** Recall and false alarms (counts) of both detectors on a crisis / other set. */
export function evaluateOtherSet(
  set: Record<LanguageCode, SafetyCase[]>,
  decide: Decide = productDecision,
): OtherSetScore[] {
  return languageCodes.map((language) => {
    const cases = set[language];
    const crisis = cases.filter((c) => c.expected !== null);
    const other = cases.filter((c) => c.expected === null);
    const flagged = (c: SafetyCase) => decide(c.text, language) !== 'none';
    const old = (c: SafetyCase) => detectCrisis(c.text) !== null;
    return {
      language,
      crisis: crisis.length,
      other: other.length,
      recall: ratio(crisis.filter(flagged).length, crisis.length),
      falseAlarms: other.filter(flagged).length,
      oldRecall: ratio(crisis.filter(old).length, crisis.length),
      oldFalseAlarms: other.filter(old).length,
    };
  });
}
