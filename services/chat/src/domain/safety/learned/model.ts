import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { FEATURE_BITS } from './features.ts';

/** The three tiers, in the order of the model's outputs. */
export const safetyTiers = ['acute', 'possible', 'none'] as const;
export type SafetyTier = (typeof safetyTiers)[number];
const CLASSES = safetyTiers.length;

/** Per language: the least crisis probability that flags a message, and where acute begins. */
export interface TierThresholds {
  /** p(acute) + p(possible) at or above this: a crisis (acute or possible). */
  crisis: number;
  /** Of a crisis, p(acute) / (p(acute) + p(possible)) at or above this: acute. */
  acute: number;
}

/** A trained linear model: one weight per (bucket, tier), one bias per tier. */
export interface LinearModel {
  /** How many hash buckets its features use (a power of two). */
  buckets: number;
  weights: Float32Array;
  bias: number[];
  thresholds: Record<LanguageCode, TierThresholds>;
  /**
   * The least score that flags a short message decided by its score (a risk cue, no rule hit:
   * `short-messages.ts`), besides its language's threshold (ADR 97); absent before ADR 97: none.
   */
  shortCuedBar?: number;
}

/**
 * The stored form: `model.json` (this, readable and reviewable) beside `weights.bin`, the weights
 * quantised to 16-bit little-endian integers (bucket-major, one per tier), times `scale`.
 */
export interface StoredModel {
  format: 'innerview-safety-linear-1';
  buckets: number;
  classes: string[];
  scale: number;
  bias: number[];
  thresholds: Record<LanguageCode, TierThresholds>;
  shortCuedBar?: number;
  /** How it was made: corpus sizes, seed, validation figures (for the record, not read). */
  trainedOn: unknown;
}

export function emptyModel(featureBits = FEATURE_BITS): LinearModel {
  const thresholds = Object.fromEntries(languageCodes.map((l) => [l, { crisis: 0.5, acute: 0.5 }]));
  const buckets = 2 ** featureBits;
  return {
    buckets,
    weights: new Float32Array(buckets * CLASSES),
    bias: [0, 0, 0],
    thresholds: thresholds as LinearModel['thresholds'],
  };
}

/** The model's probabilities for acute, possible, none (softmax of the linear scores). */
export function probabilities(model: LinearModel, features: Map<number, number>): number[] {
  const scores = [...model.bias];
  for (const [bucket, value] of features) {
    const at = bucket * CLASSES;
    for (let c = 0; c < CLASSES; c++) scores[c]! += model.weights[at + c]! * value;
  }
  const top = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - top));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

export function storeModel(model: LinearModel, trainedOn: unknown): { meta: StoredModel; weights: Buffer } {
  let largest = 0;
  for (const w of model.weights) largest = Math.max(largest, Math.abs(w));
  const scale = largest === 0 ? 1 : largest / 32767;
  const quantised = new Int16Array(model.weights.length);
  for (let i = 0; i < model.weights.length; i++) quantised[i] = Math.round(model.weights[i]! / scale);
  const bytes = Buffer.alloc(quantised.length * 2);
  for (let i = 0; i < quantised.length; i++) bytes.writeInt16LE(quantised[i]!, i * 2);
  const meta: StoredModel = {
    format: 'innerview-safety-linear-1',
    buckets: model.buckets,
    classes: [...safetyTiers],
    scale,
    bias: model.bias.map((b) => Number(b.toFixed(6))),
    thresholds: model.thresholds,
    ...(model.shortCuedBar !== undefined && { shortCuedBar: model.shortCuedBar }),
    trainedOn,
  };
  return { meta, weights: bytes };
}

export function loadModel(stored: StoredModel, bytes: Uint8Array): LinearModel {
  const { buckets } = stored;
  // A power of two from 2^12 to 2^24: features are masked into it.
  const knownSize = Number.isInteger(Math.log2(buckets)) && buckets >= 2 ** 12 && buckets <= 2 ** 24;
  if (stored.format !== 'innerview-safety-linear-1' || !knownSize)
    throw new Error('safety model: unknown format or feature size; run npm run safety-train');
  if (bytes.byteLength !== buckets * CLASSES * 2)
    throw new Error('safety model: weights.bin has the wrong size');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const weights = new Float32Array(buckets * CLASSES);
  for (let i = 0; i < weights.length; i++) weights[i] = view.getInt16(i * 2, true) * stored.scale;
  return {
    buckets,
    weights,
    bias: stored.bias,
    thresholds: stored.thresholds,
    ...(stored.shortCuedBar !== undefined && { shortCuedBar: stored.shortCuedBar }),
  };
}
