import { describe, expect, it } from 'vitest';
import { featuresOf } from './features.ts';
import { loadModel, probabilities, type StoredModel, storeModel } from './model.ts';
import { defaultTrainOptions, type Example, type TrainOptions, trainLinear } from './train.ts';

// A toy corpus, small enough to train in milliseconds: what matters here is the machinery (hash
// size, storing, loading, the training options), not the detector's quality (assess.test.ts).
const lines: [string, Example['tier']][] = [
  ['i have the pills in my hand now', 'acute'],
  ['tonight i will end it, the rope is ready', 'acute'],
  ['sometimes i wish i could just disappear', 'possible'],
  ['everyone would be better off without me', 'possible'],
  ['my week at work was long but fine', 'none'],
  ['we cooked pasta and watched a film', 'none'],
];
const bits = 12;
const examples = (buckets: number): Example[] =>
  lines.map(([text, tier]) => ({ features: featuresOf(text, [], buckets), tier }));
const options = (extra: Partial<TrainOptions> = {}): TrainOptions => ({
  ...defaultTrainOptions,
  epochs: 30,
  featureBits: bits,
  ...extra,
});
const tierOf = (p: number[]) => (['acute', 'possible', 'none'] as const)[p.indexOf(Math.max(...p))];

describe('the learned model', () => {
  it('trains in the number of buckets asked for and learns its examples', () => {
    const model = trainLinear(examples(2 ** bits), options());
    expect(model.buckets).toBe(4096);
    expect(model.weights).toHaveLength(4096 * 3);
    for (const [text, tier] of lines)
      expect(tierOf(probabilities(model, featuresOf(text, [], 4096)))).toBe(tier);
  });

  it('is the same model for the same seed, and another for another seed', () => {
    const a = trainLinear(examples(2 ** bits), options());
    const b = trainLinear(examples(2 ** bits), options());
    const c = trainLinear(examples(2 ** bits), options({ seed: 29 }));
    expect([...b.weights]).toEqual([...a.weights]);
    expect([...c.weights]).not.toEqual([...a.weights]);
  });

  it.each([{ dropout: 0.2 }, { averaged: true }])('still learns its examples with %o', (extra) => {
    const model = trainLinear(examples(2 ** bits), options(extra));
    expect([...model.weights]).not.toEqual([...trainLinear(examples(2 ** bits), options()).weights]);
    for (const [text, tier] of lines)
      expect(tierOf(probabilities(model, featuresOf(text, [], 4096)))).toBe(tier);
  });

  it('is read back with its own number of buckets, as stored', () => {
    const model = trainLinear(examples(2 ** bits), options());
    const { meta, weights } = storeModel(model, { toy: true });
    expect(meta.buckets).toBe(4096);
    const loaded = loadModel(JSON.parse(JSON.stringify(meta)) as StoredModel, weights);
    expect(loaded.buckets).toBe(4096);
    const text = 'i wish i could just disappear tonight';
    const before = probabilities(model, featuresOf(text, [], model.buckets));
    const after = probabilities(loaded, featuresOf(text, [], loaded.buckets));
    for (let c = 0; c < 3; c++) expect(after[c]).toBeCloseTo(before[c]!, 3);
  });

  it('refuses a weights file of the wrong size or a bucket count that is not a power of two', () => {
    const { meta, weights } = storeModel(trainLinear(examples(2 ** bits), options()), {});
    expect(() => loadModel(meta, weights.subarray(0, weights.length - 2))).toThrow(/wrong size/);
    expect(() => loadModel({ ...meta, buckets: 5000 }, weights)).toThrow(/feature size/);
  });

  it('reads a word in its language when asked: "pain" in French is not "pain" in English', () => {
    // Bread in French, hurt in English: tagged copies let each language weigh the word its way.
    const shared = (text: string, language: 'en' | 'fr') =>
      featuresOf(text, [], 1 << 20, { languageWords: true, language });
    const plain = featuresOf('pain', [], 1 << 20);
    const english = shared('pain', 'en');
    const french = shared('pain', 'fr');
    expect(english.size).toBeGreaterThan(plain.size);
    for (const bucket of plain.keys()) expect(french.has(bucket) && english.has(bucket)).toBe(true);
    expect([...english.keys()].filter((b) => !french.has(b))).not.toHaveLength(0);
    // Without the option, or without a language, the features are the shipped ones.
    expect([...featuresOf('pain', [], 1 << 20, { language: 'fr' })]).toEqual([...plain]);
    expect([...featuresOf('pain', [], 1 << 20, { languageWords: true })]).toEqual([...plain]);
  });
});
