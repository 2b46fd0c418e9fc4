import type { TierThresholds } from './model.ts';

/** A message's probabilities and its true tier, as predicted by a model that never saw it. */
export interface Scored {
  crisis: number;
  /** p(acute) / (p(acute) + p(possible)). */
  acuteShare: number;
  tier: 'acute' | 'possible' | 'none';
}

/** Recall and false-alarm rate of a crisis threshold on scored messages. */
export function rates(scored: Scored[], threshold: number): { recall: number; falseAlarms: number } {
  const crisis = scored.filter((s) => s.tier !== 'none');
  const calm = scored.filter((s) => s.tier === 'none');
  return {
    recall: crisis.filter((s) => s.crisis >= threshold).length / Math.max(1, crisis.length),
    falseAlarms: calm.filter((s) => s.crisis >= threshold).length / Math.max(1, calm.length),
  };
}

/**
 * The thresholds for one language, chosen on validation predictions: the crisis threshold is the
 * lowest one whose false-alarm rate stays within `maxFalseAlarms` (the most recall that budget
 * allows); the acute threshold is the one that sorts the crisis messages into acute and possible
 * best (balanced accuracy), leaning towards acute when two are as good.
 */
export function chooseThresholds(scored: Scored[], maxFalseAlarms: number): TierThresholds {
  const candidates = [...new Set(scored.map((s) => s.crisis))].sort((a, b) => a - b);
  let crisis = 0.5;
  for (const t of candidates) {
    if (rates(scored, t).falseAlarms <= maxFalseAlarms) {
      crisis = t;
      break;
    }
  }
  const acuteLines = scored.filter((s) => s.tier === 'acute');
  const possibleLines = scored.filter((s) => s.tier === 'possible');
  let acute = 0.5;
  let best = -1;
  for (let step = 10; step <= 90; step++) {
    const t = step / 100;
    const score =
      acuteLines.filter((s) => s.acuteShare >= t).length / Math.max(1, acuteLines.length) +
      possibleLines.filter((s) => s.acuteShare < t).length / Math.max(1, possibleLines.length);
    if (score > best + 1e-9) {
      best = score;
      acute = t;
    }
  }
  return { crisis: Number(crisis.toFixed(4)), acute };
}
